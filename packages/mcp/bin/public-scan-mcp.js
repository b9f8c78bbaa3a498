#!/usr/bin/env node
// The `public-scan-mcp` command: a committed shim, so installing the workspace links the bin before the
// TypeScript build exists (the built entry is dist/stdio/bin.js).
import "../dist/stdio/bin.js";
