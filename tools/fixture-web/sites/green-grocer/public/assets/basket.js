/* global document */
// The basket lives in the page until checkout: nothing is stored before the visitor orders.
(() => {
  const items = [];
  const count = document.getElementById("basket-count");
  document.querySelectorAll("[data-add]").forEach((button) => {
    button.addEventListener("click", () => {
      items.push(button.getAttribute("data-add"));
      if (count !== null) count.textContent = String(items.length);
    });
  });
})();
