/* global document */
// Highlights today's row in the opening-hours table. Stores nothing.
(() => {
  const today = new Date().getDay();
  const row = document.querySelector(`.hours tr[data-day="${today}"]`);
  if (row !== null) row.classList.add("today");
})();
