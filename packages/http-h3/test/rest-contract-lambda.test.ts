import { createLambdaApiHandler } from "@public-scan/aws-lambda";
import { lambdaRestHosts } from "@public-scan/test-support/lambda-events";
import { describeRestContract } from "./support/describe-rest-contract.js";

// The whole REST contract suite, through the Lambda handler with the events API Gateway and Function URLs send.
describeRestContract(lambdaRestHosts((app, baseUrl) => createLambdaApiHandler({ createApp: () => app, baseUrl })));
