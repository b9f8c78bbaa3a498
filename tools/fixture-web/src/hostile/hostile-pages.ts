import type { FixtureResponse, VirtualHost } from "../virtual-host.js";

/** The host of the hostile corpus: pages built to break an automated visitor, not to be scanned for findings. */
export const HOSTILE_HOST = "www.hostile-lab.test";

/** One page of the corpus: what it does to a visitor, and where it is. */
export interface HostilePage {
  id: string;
  url: string;
  what: string;
}

/**
 * Each page's script, run in the page. Every attack starts shortly after the document is parsed, so the
 * scanner's navigation sees a page first and then has to live through the attack, as with real hostile pages
 * (a tag that goes rogue after load). Sizes are the ones that break naive tooling: V8's longest string
 * (2^29 - 24 characters) crosses any unbounded DevTools message buffer.
 */
const ATTACKS = {
  "giant-console": {
    what: "logs one string of V8's maximum length, then a flood of 8 MiB messages",
    script: `setTimeout(function () {
      console.log("A".repeat(0x1fffffe8));
      var chunk = "c".repeat(8 << 20);
      for (var i = 0; i < 40; i += 1) console.log(chunk);
    }, 100);`,
  },
  "giant-exception": {
    what: "throws uncaught errors whose messages are 256 MiB, and rejects promises with them",
    script: `setTimeout(function () {
      var text = "E".repeat(1 << 28);
      Promise.reject(new Error(text));
      setTimeout(function () { throw new Error(text); }, 10);
    }, 100);`,
  },
  "giant-title": {
    what: "sets a title of 128 Mi characters and fills the document with 64 MiB of text",
    script: `document.title = "T".repeat(1 << 27);
      setTimeout(function () { document.body.appendChild(document.createTextNode("x".repeat(1 << 26))); }, 50);`,
  },
  "prototype-tampering": {
    what: "replaces built-ins the page-side readers could rely on with functions that throw or lie",
    script: `(function () {
      var boom = function () { throw new Error("tampered"); };
      String.prototype.slice = boom;
      String.prototype.trim = boom;
      String.prototype.toLowerCase = boom;
      Array.prototype.map = boom;
      Array.prototype.filter = boom;
      Array.from = boom;
      JSON.stringify = function () { return '{"tampered":true}'; };
      JSON.parse = boom;
      Object.keys = boom;
      Promise.prototype.then = function () { return this; };
      document.querySelector = boom;
      document.querySelectorAll = boom;
      document.getElementsByTagName = boom;
      Element.prototype.getAttribute = boom;
      Object.defineProperty(document, "title", { get: boom });
      Object.defineProperty(document, "cookie", { get: boom, set: boom });
      window.getComputedStyle = boom;
      performance.getEntriesByType = boom;
    })();`,
  },
  "dialog-loop": {
    what: "opens alert, confirm, prompt and print dialogs in a loop, and tries popups",
    script: `setInterval(function () {
      alert("a"); confirm("b"); prompt("c", "d"); window.print(); window.open("/popup", "_blank");
    }, 0);`,
  },
  "beforeunload-trap": {
    what: "asks the visitor to stay on every unload, and re-arms itself",
    script: `function trap(event) { event.preventDefault(); event.returnValue = "stay"; return "stay"; }
      window.addEventListener("beforeunload", trap);
      window.onbeforeunload = trap;
      document.addEventListener("click", function () { window.addEventListener("beforeunload", trap); });`,
  },
  "cpu-spin": {
    what: "spins the page's main thread for ever once it is parsed",
    script: `setTimeout(function () { for (;;) {} }, 200);`,
  },
  "memory-growth": {
    what: "allocates until the renderer runs out of memory and dies",
    script: `var hoard = [];
      setInterval(function () { for (var i = 0; i < 16; i += 1) hoard.push(new Array(1 << 20).fill(hoard.length + 0.5)); }, 5);`,
  },
  "ten-thousand-iframes": {
    what: "adds 10,000 iframes, a few hundred of which load a page of their own",
    script: `setTimeout(function () {
      for (var i = 0; i < 10000; i += 1) {
        var frame = document.createElement("iframe");
        if (i % 40 === 0) frame.src = "/frame?n=" + i; else frame.srcdoc = "<p>" + i + "</p>";
        document.body.appendChild(frame);
      }
    }, 50);`,
  },
  "websocket-flood": {
    what: "floods an echoing WebSocket with messages of almost 1 MiB",
    script: `var socket = new WebSocket("wss://" + location.host + "/flood");
      var payload = "w".repeat((1 << 20) - 64);
      socket.onopen = function () { setInterval(function () { for (var i = 0; i < 20; i += 1) socket.send(payload); }, 10); };`,
  },
  "pushstate-loop": {
    what: "pushes history entries and changes the hash without end",
    script: `var n = 0;
      setInterval(function () {
        for (var i = 0; i < 200; i += 1) { try { history.pushState({ n: n }, "", "/pushstate-loop/" + (n += 1)); } catch (e) {} }
        location.hash = "h" + n;
      }, 0);`,
  },
  "self-navigation": {
    what: "navigates itself 1,000 times, one page after another",
    script: `var n = Number(new URLSearchParams(location.search).get("n") || "0");
      if (n < 1000) setTimeout(function () { location.replace("/self-navigation?n=" + (n + 1)); }, 0);`,
  },
  "worker-allocation": {
    what: "starts workers that allocate without end",
    script: `var source = "var hoard = []; for (;;) { hoard.push(new Array(1 << 20).fill(hoard.length + 0.5)); }";
      var url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      for (var i = 0; i < 4; i += 1) new Worker(url);`,
  },
} as const satisfies Record<string, { what: string; script: string }>;

type AttackId = keyof typeof ATTACKS;

const page = (id: AttackId): FixtureResponse => ({
  status: 200,
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hostile lab: ${id}</title></head>
<body><h1>Hostile lab</h1><p>${ATTACKS[id].what}.</p>
<script>${ATTACKS[id].script}</script>
</body></html>
`,
});

/** The corpus, in a stable order, as the tests and the docs list it. */
export const HOSTILE_PAGES: readonly HostilePage[] = (Object.keys(ATTACKS) as AttackId[]).map((id) => ({
  id,
  url: `https://${HOSTILE_HOST}/${id}`,
  what: ATTACKS[id].what,
}));

/**
 * The hostile lab: one page per way a page can try to take down or stall an automated visitor (docs/security.md
 * lists them with what the scanner does about each). Served by every fixture web, but not one of its `sites`:
 * it has no ground truth, as there is nothing to find there.
 */
export function hostileLabHost(): VirtualHost {
  return {
    host: HOSTILE_HOST,
    websocketPaths: ["/flood"],
    routes: [
      ...(Object.keys(ATTACKS) as AttackId[]).map((id) => ({ path: new RegExp(`^/${id}(/.*)?$`), respond: () => page(id) })),
      { path: "/frame", respond: () => ({ status: 200, headers: { "content-type": "text/html" }, body: "<!doctype html><p>frame</p>" }) },
      { path: "/popup", respond: () => ({ status: 200, headers: { "content-type": "text/html" }, body: "<!doctype html><p>popup</p>" }) },
      { path: "/", respond: () => ({ status: 200, headers: { "content-type": "text/html" }, body: "<!doctype html><p>hostile lab</p>" }) },
    ],
  };
}
