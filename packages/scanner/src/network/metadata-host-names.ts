/**
 * Well-known host names of cloud metadata services. Most resolve to a metadata address (which is refused on
 * its own), but the names are refused before any lookup as well: some resolve only through the platform's
 * search domains or its private DNS, and some point at addresses this list cannot know.
 */
export const METADATA_HOST_NAMES = [
  "metadata", // GCP short name, completed by the instance's search domain
  "metadata.google.internal", // GCP
  "metadata.goog", // GCP
  "instance-data", // AWS EC2 (VPC resolver)
  "instance-data.ec2.internal", // AWS EC2, us-east-1
  "metadata.tencentyun.com", // Tencent Cloud CVM
  "api.metadata.cloud.ibm.com", // IBM Cloud VPC instance metadata
  "metadata.platformequinix.com", // Equinix Metal
  "metadata.packet.net", // Equinix Metal, former name
  "rancher-metadata", // Rancher 1.x metadata service
] as const;

const NAMES: ReadonlySet<string> = new Set(METADATA_HOST_NAMES);

/**
 * True for a metadata host name. `host` must already be normalised (see `normalizeHost`). AWS also serves
 * `instance-data.<region>.compute.internal` in every region, so any name whose first label is
 * `instance-data` counts: no public site needs that label, and it can still be named exactly.
 */
export function isMetadataHostName(host: string): boolean {
  return NAMES.has(host) || host.startsWith("instance-data.");
}
