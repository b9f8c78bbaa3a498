import { markup } from "@public-scan/http-h3";
import { renderAccountDocument, type AccountPage } from "./render-account-document.js";

/** A page that only says something (check your email, verified, link expired), with one link onward. */
export function renderMessagePage(input: {
  title: string;
  message: string;
  tone: "notice" | "alert";
  link?: { href: string; text: string };
}): AccountPage {
  return renderAccountDocument({
    title: input.title,
    body: markup`<p class="${input.tone}" role="${input.tone === "alert" ? "alert" : "status"}">${input.message}</p>
${input.link ? markup`<p><a href="${input.link.href}">${input.link.text}</a></p>` : null}`,
  });
}
