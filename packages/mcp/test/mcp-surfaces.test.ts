import { describeMcpSurfaces } from "./support/suites/describe-mcp-surfaces.js";

// In memory, and over real Streamable HTTP (srvx on Node); the Lambda package runs it through its handler.
describeMcpSurfaces({ vias: ["memory", "http"] });
