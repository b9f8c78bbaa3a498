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
