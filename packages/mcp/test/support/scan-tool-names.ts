import { isMonitorTool, MCP_TOOLS, type McpToolName } from "@public-scan/core";

/**
 * The tools every hosted surface offers a key with the scan scopes: all but the monitor tools, which a host
 * offers only when it runs monitors, to keys with `monitor:write` (mcp-monitor-tools.test.ts).
 */
export const SCAN_TOOL_NAMES: readonly McpToolName[] = MCP_TOOLS.filter((spec) => !isMonitorTool(spec)).map((spec) => spec.name);
