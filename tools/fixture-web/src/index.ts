/** @public-scan/fixture-web: realistic local websites on loopback virtual hosts, for the scanner's tests. */
export { CANARY } from "./canary.js";
export { startFixtureWeb } from "./start-fixture-web.js";
export { fixtureWebReach } from "./fixture-web-reach.js";
export type { StartFixtureWebOptions } from "./start-fixture-web.js";
export { HEAVY_NEWS_URL, heavyNewsHosts } from "./bench/heavy-news.js";
export { HOSTILE_HOST, HOSTILE_PAGES } from "./hostile/hostile-pages.js";
export { CHANGING_HOST, CHANGING_VERSIONS, changingSiteUrl, changingVersionPath, type ChangingVersion } from "./changing/changing-site.js";
export { switchChangingSite } from "./changing/switch-changing-site.js";
export type { HostilePage } from "./hostile/hostile-pages.js";
export type { VirtualHost } from "./virtual-host.js";
export type { FixtureSite, FixtureWeb } from "./fixture-web.js";
export type { ConsentClassification, ConsentGroundTruth, GroundTruth, StorageKind } from "./ground-truth.js";
export type { ConsentActionGroundTruth, NextPageGroundTruth, PhaseGroundTruth, PhasesGroundTruth } from "./parse-phase-ground-truth.js";
export type { TransportGroundTruth } from "./parse-transport-ground-truth.js";
export type { BannerDesignGroundTruth, ButtonLookGroundTruth, ChoiceTogglesGroundTruth } from "./parse-banner-ground-truth.js";
export type { PrivacyGroundTruth } from "./parse-privacy-ground-truth.js";
export type {
  ConsentModeCommandGroundTruth,
  ConsentModeGroundTruth,
  ConsentModeHitGroundTruth,
  ConsentModeHitState,
  ConsentModePhase,
  ConsentModeValue,
} from "./parse-consent-mode-ground-truth.js";
export type { TcfAnswerGroundTruth, TcfEventStatus, TcfGroundTruth } from "./parse-tcf-ground-truth.js";
export type {
  GppAnswerGroundTruth,
  GppGroundTruth,
  GppOptOutGroundTruth,
  GppSectionGroundTruth,
  GpcVerdictGroundTruth,
  UspAnswerGroundTruth,
  UspFlagGroundTruth,
} from "./parse-gpp-ground-truth.js";
export { createCertificateAuthority, type CertificateAuthority, type IssuedCertificate } from "./create-certificate-authority.js";
