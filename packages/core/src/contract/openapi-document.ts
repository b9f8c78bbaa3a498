import { z } from "zod";

/** The served OpenAPI document, described loosely: its own schema is the OpenAPI 3.1 specification. */
export const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.literal("3.1.0"),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1.0 document." });
