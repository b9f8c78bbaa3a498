/* global window, document */
// Simulated YouTube embed player for the public-scan fixture web. Like the real one it remembers a cast
// device id in the embed origin's localStorage (`yt-remote-device-id`, stored as YouTube's
// {data, expiration, creation} envelope) and pings /generate_204 with the client playback nonce. The
// visitor cookies (YSC, VISITOR_INFO1_LIVE) come with the embed page's response headers.
(() => {
  const CANARY = "__CANARY__";
  const KEY = "yt-remote-device-id";
  const YEAR_MS = 31536000000;
  const created = Date.now();
  if (localStorage.getItem(KEY) === null) {
    const id = `${CANARY}-${Math.random().toString(36).slice(2, 10)}`;
    localStorage.setItem(KEY, JSON.stringify({ data: JSON.stringify(id), expiration: created + YEAR_MS, creation: created }));
  }
  const cpn = `${CANARY}${Math.random().toString(36).slice(2, 8)}`;
  navigator.sendBeacon(`https://www.youtube.com/generate_204?cpn=${encodeURIComponent(cpn)}`);

  const button = document.querySelector(".ytp-large-play-button");
  if (button !== null) {
    button.addEventListener("click", () => {
      document.getElementById("player").classList.add("playing-mode");
    });
  }
  window.ytplayer = { config: { args: { video_id: document.getElementById("player").dataset.videoId } } };
})();
