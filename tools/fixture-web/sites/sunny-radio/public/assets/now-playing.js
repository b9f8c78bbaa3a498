/* global document */
// Shows the current programme; loaded from the page's own origin, so it runs.
const heading = document.querySelector("main h1");
if (heading !== null) heading.textContent = "Listen live · Breakfast with Ana";
