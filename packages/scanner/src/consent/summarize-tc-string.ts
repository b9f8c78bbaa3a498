import type { TcfSummary } from "@public-scan/core";
import { TCString } from "@iabtechlabtcf/core";

/**
 * Decodes an IAB TCF v2 TC string with the IAB Tech Lab's own decoder and keeps counts only: who wrote it
 * (CMP id and version), under which policy, and how many purposes and vendors it grants. Null when the
 * string does not decode; the string itself is dropped either way.
 */
export function summarizeTcString(tcString: string): TcfSummary | null {
  try {
    const model = TCString.decode(tcString);
    const count = (value: number | undefined) => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : 0);
    return {
      cmpId: count(model.cmpId as number),
      cmpVersion: count(model.cmpVersion as number),
      tcfPolicyVersion: count(model.policyVersion as number),
      isServiceSpecific: model.isServiceSpecific === true,
      purposeConsents: model.purposeConsents.size,
      purposeLegitimateInterests: model.purposeLegitimateInterests.size,
      specialFeatureOptins: model.specialFeatureOptins.size,
      vendorConsents: model.vendorConsents.size,
      vendorLegitimateInterests: model.vendorLegitimateInterests.size,
    };
  } catch {
    return null;
  }
}
