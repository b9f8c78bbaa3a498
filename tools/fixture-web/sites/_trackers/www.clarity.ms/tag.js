/* global window, document */
// Simulated Microsoft Clarity tag for project __PROJECT_ID__ (www.clarity.ms/tag/<projectId>): like the
// real one it queues the project's start settings and loads the versioned clarity.js.
(() => {
  const clarity =
    window.clarity ||
    ((...args) => {
      (clarity.q = clarity.q || []).push(args);
    });
  window.clarity = clarity;
  clarity.q = clarity.q || [];
  clarity.q.unshift([
    "start",
    {
      projectId: "__PROJECT_ID__",
      upload: "https://www.clarity.ms/collect",
      expire: 365,
      cookies: ["_uetmsclkid", "_uetvid"],
      track: true,
      content: true,
      dob: 1972,
    },
  ]);
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://www.clarity.ms/s/0.8.9/clarity.js";
  const first = document.getElementsByTagName("script")[0];
  first.parentNode.insertBefore(script, first);
})();
