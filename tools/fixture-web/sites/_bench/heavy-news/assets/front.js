/* global window, document */
// What a news front page's own script keeps in memory: a few hundred story cards with their photos, the
// article data behind them (the JSON a front end hydrates from) and an infinite-scroll cache.
(() => {
  const stories = document.getElementById("stories");
  const cache = [];
  for (let index = 0; index < 240; index += 1) {
    const card = document.createElement("article");
    card.className = "card";
    const photo = document.createElement("img");
    photo.width = 1200;
    photo.height = 675;
    photo.alt = "";
    // The first twelve photos are above the fold's lazy-load margin: the browser decodes them.
    photo.src = `/photos/${index % 12}.png`;
    photo.loading = index < 12 ? "eager" : "lazy";
    const title = document.createElement("h2");
    title.textContent = `Story ${index}: what happened today in the harbour city and why it matters`;
    const teaser = document.createElement("p");
    teaser.textContent = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(6);
    card.append(photo, title, teaser);
    stories.append(card);
    cache.push({
      id: index,
      body: Array.from({ length: 400 }, (_, paragraph) => `Paragraph ${paragraph} of story ${index}. `.repeat(4)),
      related: Array.from({ length: 50 }, (_, related) => ({ id: related, score: Math.random() })),
    });
  }
  window.__storyCache = cache;
})();
