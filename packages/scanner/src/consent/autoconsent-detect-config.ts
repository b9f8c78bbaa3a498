/**
 * autoconsent's configuration for pre-consent detection: it detects CMPs and visible popups and does
 * nothing else. No automatic action (`autoAction: null`, so it waits for an opt-out signal that detection
 * never sends), no prehiding (it would hide the banner the visitor sees), and no heuristic clicking; the
 * scanner's own banner scan covers sites without a known CMP.
 */
export const AUTOCONSENT_DETECT_CONFIG = {
  enabled: true,
  autoAction: null,
  disabledCmps: [],
  enablePrehide: false,
  enableCosmeticRules: true,
  enableGeneratedRules: true,
  enableHeuristicDetection: false,
  heuristicMode: "off",
  detectRetries: 20,
  isMainWorld: false,
  prehideTimeout: 2000,
  visualTest: false,
  logs: { lifecycle: false, rulesteps: false, detectionsteps: false, evals: false, errors: false, messages: false, waits: false },
} as const;
