import { describeRestContract } from "./support/describe-rest-contract.js";
import { REST_HOSTS } from "./support/rest-hosts.js";

describeRestContract(REST_HOSTS);
