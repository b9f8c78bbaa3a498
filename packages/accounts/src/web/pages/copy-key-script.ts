/**
 * The dashboard's one script: shows the copy buttons (hidden without script, so no dead control) and copies
 * the field a button names to the clipboard, saying so in a live region. Inserted byte for byte: its hash is
 * in the page's policy, and it reads nothing but the page.
 */
export const COPY_KEY_SCRIPT = `for (const button of document.querySelectorAll("button[data-copy]")) {
  button.hidden = false;
  button.addEventListener("click", async () => {
    const field = document.getElementById(button.dataset.copy);
    const status = document.getElementById("copy-status");
    try {
      await navigator.clipboard.writeText(field.value ?? field.textContent);
      status.textContent = "Copied.";
    } catch {
      field.select?.();
      status.textContent = "Select and copy it by hand.";
    }
  });
}`;
