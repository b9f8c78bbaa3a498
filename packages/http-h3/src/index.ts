/**
 * @public-scan/http-h3: the REST /api/v2 adapter on h3, the report page and the reference server.
 * Nothing is exported yet: the routes land with the REST issue, over core's use-cases.
 */
export {};
