/**
 * The disclaimer every response body carries (contract: "What the service does", item 6). One constant, so
 * REST, MCP, the client and the report page can never drift apart.
 */
export const DISCLAIMER =
  "Automated public-web observations for review only. This is not legal advice, certification, or a compliance determination. No-go, not-observed and limited-coverage results are never proof of compliance, absence of risk, or legal status." as const;
