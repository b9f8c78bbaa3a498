import type { AccountStore } from "@public-scan/core";
import type { AccountStoreCase } from "./account-store-case.js";
import { BASIC_ACCOUNT_STORE_CASES } from "./basic-account-store-cases.js";
import { CONCURRENT_ACCOUNT_STORE_CASES } from "./concurrent-account-store-cases.js";
import { describeDurableSuite, type DescribeDurableSuiteOptions, type StoreFactory } from "./describe-conformance.js";
import { DURABLE_ACCOUNT_STORE_CASES } from "./durable-account-store-cases.js";
import { EMAIL_ACCOUNT_STORE_CASES } from "./email-account-store-cases.js";
import { LIST_ACCOUNT_STORE_CASES } from "./list-account-store-cases.js";
import { SCOPES_ACCOUNT_STORE_CASES } from "./scopes-account-store-cases.js";

/** Every case of the AccountStore conformance suite, by title (the durable ones run only for durable stores). */
export const ACCOUNT_STORE_CASES = {
  ...BASIC_ACCOUNT_STORE_CASES,
  ...EMAIL_ACCOUNT_STORE_CASES,
  ...LIST_ACCOUNT_STORE_CASES,
  ...SCOPES_ACCOUNT_STORE_CASES,
  ...CONCURRENT_ACCOUNT_STORE_CASES,
  ...DURABLE_ACCOUNT_STORE_CASES,
} satisfies Record<string, AccountStoreCase>;

export type AccountStoreCaseName = keyof typeof ACCOUNT_STORE_CASES;
export type AccountStoreFactory = StoreFactory<AccountStore>;
export type DescribeAccountStoreOptions = DescribeDurableSuiteOptions<AccountStoreCaseName>;

/**
 * The AccountStore conformance suite: registers one vitest test per case for the store `factory` makes.
 * Every test gets a fresh namespace and closes every handle it opened.
 */
export function describeAccountStore(name: string, factory: AccountStoreFactory, options: DescribeAccountStoreOptions = {}): void {
  describeDurableSuite<AccountStore, AccountStoreCase>({
    suite: `AccountStore conformance: ${name}`,
    cases: ACCOUNT_STORE_CASES,
    durableOnly: DURABLE_ACCOUNT_STORE_CASES,
    namespacePrefix: "accounts",
    factory,
    options,
    run: (testCase, { store, peer, reopen }) => testCase({ store, peer, reopen }),
  });
}
