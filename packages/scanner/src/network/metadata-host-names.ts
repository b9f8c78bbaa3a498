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

/**
 * Cloud instance-metadata and credential endpoints. They hand out tokens to whoever can reach them, so an
 * address in this list is refused unless the host name is named exactly in `allowPrivateTargets`, even
 * when a wildcard would allow its range. Sources: each provider's documentation of its metadata service.
 */
export const METADATA_ADDRESSES = [
  "169.254.169.254", // AWS IMDS, GCP, Azure IMDS, Oracle Cloud, DigitalOcean, OpenStack, Hetzner, ...
  "169.254.170.2", // AWS ECS task metadata and task-role credentials
  "169.254.170.23", // AWS EKS Pod Identity agent (credentials)
  "100.100.100.200", // Alibaba Cloud ECS metadata (inside CGNAT space)
  "168.63.129.16", // Azure WireServer / host agent: a *public* address that only answers inside Azure
  "192.0.0.192", // Oracle Cloud Classic metadata
  "fd00:ec2::254", // AWS IMDS over IPv6
  "fd00:ec2::23", // AWS EKS Pod Identity agent over IPv6
  "fd20:ce::254", // Google Compute Engine metadata server over IPv6
  "fe80::a9fe:a9fe", // OpenStack Neutron metadata over IPv6
] as const;
