/* global window, document */
// LinkedIn Insight Tag for the map vendor's own campaigns. The server answers this file with an empty
// script when the request carries Sec-GPC: 1.
window._linkedin_data_partner_ids = window._linkedin_data_partner_ids || [];
window._linkedin_data_partner_ids.push("5512093");
const script = document.createElement("script");
script.async = true;
script.src = "https://snap.licdn.com/li.lms-analytics/insight.min.js";
document.head.appendChild(script);
