/**
 * The report page's only script: filtering and grouping of the server-rendered pre-consent table. It reads
 * everything from the DOM (the rows' data- attributes and the options of the filter selects), so no view
 * data is ever written into script text; without it the complete table is still there. It is a constant,
 * allowed by its hash, and sets text with textContent only.
 */
export const REPORT_SCRIPT = `
(() => {
  "use strict";
  const table = document.getElementById("pre-consent-table");
  const controls = document.getElementById("table-controls");
  const status = document.getElementById("table-status");
  const groupBy = document.getElementById("group-by");
  const reset = document.getElementById("reset-table");
  if (!table || !controls || !status || !groupBy || !reset) return;
  const filters = Array.from(controls.querySelectorAll("select[data-filter]"));
  const rows = Array.from(table.querySelectorAll("tbody tr[data-row]"));
  const columns = table.tHead ? table.tHead.rows[0].cells.length : 1;
  const labelOf = (select, value) => {
    const option = Array.from(select.options).find((candidate) => candidate.value === value);
    return option ? option.dataset.label || option.text : value;
  };
  const plural = (count) => (count === 1 ? "1 row" : count + " rows");
  const render = () => {
    let shown = 0;
    for (const row of rows) {
      const match = filters.every((select) => select.value === "" || row.dataset[select.dataset.filter] === select.value);
      row.hidden = !match;
      if (match) shown += 1;
    }
    for (const body of Array.from(table.tBodies)) body.remove();
    const field = groupBy.value;
    const source = filters.find((select) => select.dataset.filter === field);
    if (!source) {
      const body = document.createElement("tbody");
      body.append(...rows);
      table.append(body);
    } else {
      // Groups follow the filter's option order, which lists every value the rows have.
      for (const option of Array.from(source.options)) {
        if (option.value === "") continue;
        const members = rows.filter((row) => row.dataset[field] === option.value);
        if (members.length === 0) continue;
        const visible = members.filter((row) => !row.hidden).length;
        const body = document.createElement("tbody");
        body.dataset.group = option.value;
        body.hidden = visible === 0;
        const head = document.createElement("tr");
        head.className = "group-row";
        const cell = document.createElement("th");
        cell.scope = "rowgroup";
        cell.colSpan = columns;
        cell.textContent = labelOf(groupBy, field) + ": " + labelOf(source, option.value) + " (" + plural(visible) + ")";
        head.append(cell);
        body.append(head, ...members);
        table.append(body);
      }
    }
    const grouping = source ? ", grouped by " + labelOf(groupBy, field).toLowerCase() : "";
    status.textContent = shown === 0 ? "No rows match these filters." : "Showing " + shown + " of " + plural(rows.length) + grouping + ".";
  };
  for (const select of [...filters, groupBy]) select.addEventListener("change", render);
  reset.addEventListener("click", () => {
    for (const select of [...filters, groupBy]) select.value = "";
    render();
  });
  controls.hidden = false;
  render();
})();
`;
