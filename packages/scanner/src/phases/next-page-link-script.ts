/**
 * Page script for an isolated world of the main frame: the link a visitor would most likely follow to a
 * second page of the site. Same host, http(s), another path; not a download, a log-out or a link inside a
 * dialog (the banner's own policy link would reopen nothing new). Navigation and header links first, then
 * the main content, then anything else, the footer last; visible links only. Returns the resolved `href`,
 * or null. It reads; it never clicks.
 */
export function nextPageLinkScript(): string {
  return `(() => {
  const MAX_LINKS = 2000;
  const SKIP_PATH = /\\.(pdf|zip|gz|rar|7z|jpe?g|png|gif|webp|svg|mp4|mp3|mov|docx?|xlsx?|pptx?|exe|dmg|apk)$|log-?out|sign-?out/i;
  const rank = (element) => {
    if (element.closest("dialog, [role=dialog], [role=alertdialog], [aria-modal=true]")) return -1;
    if (element.closest("nav, header, [role=navigation], [role=banner]")) return 0;
    if (element.closest("main, article, [role=main]")) return 1;
    if (element.closest("footer, [role=contentinfo]")) return 3;
    return 2;
  };
  const here = new URL(location.href);
  let best = null;
  let bestRank = 4;
  const links = document.querySelectorAll("a[href]");
  for (let index = 0; index < links.length && index < MAX_LINKS; index++) {
    const link = links[index];
    if (link.hasAttribute("download")) continue;
    let url;
    try {
      url = new URL(link.href);
    } catch {
      continue;
    }
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.hostname !== here.hostname) continue;
    if (url.pathname === here.pathname || SKIP_PATH.test(url.pathname)) continue;
    const box = link.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) continue;
    const where = rank(link);
    if (where < 0 || where >= bestRank) continue;
    best = url.href;
    bestRank = where;
    if (where === 0) break;
  }
  return best;
})()`;
}
