/* global document */
// The only choice offered is to accept: there is no way to refuse on this notice.
document.getElementById("cookie-accept").addEventListener("click", () => {
  localStorage.setItem("cookieBarAccepted", "__CANARY__");
  document.getElementById("cookie-bar").remove();
});
