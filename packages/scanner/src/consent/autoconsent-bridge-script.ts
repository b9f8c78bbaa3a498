/**
 * Page script for the scanner's isolated world of every frame, run before autoconsent's content script:
 * it gives autoconsent its `autoconsentSendMessage` and forwards each message to the CDP binding, tagged
 * with whether this frame is the top frame. Both live in the isolated world: page scripts can neither call
 * the binding nor read or fake the messages.
 */
export function autoconsentBridgeScript(bindingName: string): string {
  return `(() => {
  const send = globalThis[${JSON.stringify(bindingName)}];
  if (typeof send !== "function") return;
  const stringify = JSON.stringify;
  let top = false;
  try { top = window.top === window; } catch { top = false; }
  globalThis.autoconsentSendMessage = (message) => {
    try { send(stringify({ top, message })); } catch {}
    return Promise.resolve();
  };
})();`;
}
