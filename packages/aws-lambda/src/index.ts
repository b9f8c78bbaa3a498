/**
 * @public-scan/aws-lambda: Lambda API and worker handlers with serverless Chromium.
 * Nothing is exported yet: the handlers land with the Lambda work.
 */
export {};
