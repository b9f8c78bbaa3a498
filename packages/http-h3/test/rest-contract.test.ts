import { describeRestContract } from "./support/describe-rest-contract.js";
import { REST_HOSTS } from "@public-scan/test-support/rest-hosts";

describeRestContract(REST_HOSTS);
