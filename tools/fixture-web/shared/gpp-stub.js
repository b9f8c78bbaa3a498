/* global window */
// An IAB GPP stub, as a page puts one in <head> before its CMP loads: this project's own, written after the
// pattern of the IAB's stub (iabgpp-es), not a copy. Until the CMP takes over `__gpp`, `ping` is answered at
// once with the stub's status and every other call waits in a queue. The calls without a command are the
// hand-over that @iabgpp/cmpapi performs when it starts: its CallResponder reads the queue (`__gpp()`) and
// answers every queued call, its EventListenerQueue reads the listeners (`__gpp('events')`; none are kept
// here: `addEventListener` waits in the queue like any other call). No `__gppLocator` frame: nothing on these
// sites calls the API from an iframe.
(() => {
  if (typeof window.__gpp === "function") return;
  const queue = [];
  const events = [];
  window.__gpp = (...args) => {
    if (args.length === 0 || (args.length === 1 && args[0] === "queue")) return queue;
    if (args.length === 1 && args[0] === "events") return events;
    const [command, callback] = args;
    if (command === "ping") {
      const ping = {
        gppVersion: "1.1",
        cmpStatus: "stub",
        cmpDisplayStatus: "hidden",
        signalStatus: "not ready",
        supportedAPIs: [],
        cmpId: 0,
        sectionList: [],
        applicableSections: [-1],
        gppString: "",
        parsedSections: {},
      };
      if (typeof callback === "function") callback(ping, true);
      return ping;
    }
    queue.push(args);
    return undefined;
  };
})();
