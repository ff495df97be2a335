/**
 * A node_exporter body as version 1.5 serves it (trimmed to the families the mapping reads, plus a
 * few it does not), with counters that advance by `step`: step 1 is 60 s after step 0. Tests only.
 */
export function nodeExporterBody(step: number): string {
  const k = step;
  return `# HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.
# TYPE node_cpu_seconds_total counter
node_cpu_seconds_total{cpu="0",mode="idle"} ${1000 + 45 * k}
node_cpu_seconds_total{cpu="0",mode="iowait"} ${10 + 0 * k}
node_cpu_seconds_total{cpu="0",mode="system"} ${100 + 5 * k}
node_cpu_seconds_total{cpu="0",mode="user"} ${200 + 10 * k}
node_cpu_seconds_total{cpu="1",mode="idle"} ${1100 + 57 * k}
node_cpu_seconds_total{cpu="1",mode="iowait"} ${5 + 0 * k}
node_cpu_seconds_total{cpu="1",mode="system"} ${50 + 1 * k}
node_cpu_seconds_total{cpu="1",mode="user"} ${150 + 2 * k}
# HELP node_disk_io_time_seconds_total Total seconds spent doing I/Os.
# TYPE node_disk_io_time_seconds_total counter
node_disk_io_time_seconds_total{device="sda"} ${300 + 6 * k}
# TYPE node_disk_read_bytes_total counter
node_disk_read_bytes_total{device="sda"} ${1e9 + 6e6 * k}
# TYPE node_disk_written_bytes_total counter
node_disk_written_bytes_total{device="sda"} ${2e9 + 12e6 * k}
# HELP node_filesystem_avail_bytes Filesystem space available to non-root users in bytes.
# TYPE node_filesystem_avail_bytes gauge
node_filesystem_avail_bytes{device="/dev/sda1",fstype="ext4",mountpoint="/"} 2.68435456e+10
node_filesystem_avail_bytes{device="tmpfs",fstype="tmpfs",mountpoint="/run"} 1.048576e+08
node_filesystem_avail_bytes{device="overlay",fstype="overlay",mountpoint="/var/lib/docker/overlay2/x/merged"} 1e9
# TYPE node_filesystem_size_bytes gauge
node_filesystem_size_bytes{device="/dev/sda1",fstype="ext4",mountpoint="/"} 1.073741824e+11
node_filesystem_size_bytes{device="tmpfs",fstype="tmpfs",mountpoint="/run"} 2.097152e+08
node_filesystem_size_bytes{device="overlay",fstype="overlay",mountpoint="/var/lib/docker/overlay2/x/merged"} 2e9
# HELP node_load1 1m load average.
# TYPE node_load1 gauge
node_load1 0.42
# TYPE node_memory_MemAvailable_bytes gauge
node_memory_MemAvailable_bytes 6.442450944e+09
# TYPE node_memory_MemTotal_bytes gauge
node_memory_MemTotal_bytes 8.589934592e+09
# TYPE node_network_receive_bytes_total counter
node_network_receive_bytes_total{device="eth0"} ${5e8 + 1.2e6 * k}
node_network_receive_bytes_total{device="lo"} ${1e6 + 1e3 * k}
# TYPE node_network_transmit_bytes_total counter
node_network_transmit_bytes_total{device="eth0"} ${3e8 + 6e5 * k}
node_network_transmit_bytes_total{device="lo"} ${1e6 + 1e3 * k}
# HELP node_os_info A metric with a constant '1' value labeled by build_id, id, id_like, image_id, image_version, name, pretty_name, variant, variant_id, version, version_codename, version_id.
# TYPE node_os_info gauge
node_os_info{build_id="",id="debian",id_like="",image_id="",image_version="",name="Debian GNU/Linux",pretty_name="Debian GNU/Linux 12 (bookworm)",variant="",variant_id="",version="12 (bookworm)",version_codename="bookworm",version_id="12"} 1
# HELP node_uname_info Labeled system information as provided by the uname system call.
# TYPE node_uname_info gauge
node_uname_info{domainname="(none)",machine="x86_64",nodename="web-07",release="6.1.0-18-amd64",sysname="Linux",version="#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)"} 1
# HELP promhttp_metric_handler_requests_total Total number of scrapes by HTTP status code.
# TYPE promhttp_metric_handler_requests_total counter
promhttp_metric_handler_requests_total{code="200"} ${k + 1}
`;
}
