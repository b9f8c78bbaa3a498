import { describeRestContract } from "../../http-h3/test/support/describe-rest-contract.js";
import { LAMBDA_REST_HOSTS } from "./support/lambda-rest-hosts.js";

// The whole REST contract suite, through the Lambda handler with the events API Gateway and Function URLs send.
describeRestContract(LAMBDA_REST_HOSTS);
