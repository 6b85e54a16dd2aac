/** The ports and endpoints report of a management cluster: its platforms' rules, each with its section, and its own load balancer addresses. */
import { checkManagementCluster } from '../../lib';
import type { ManagementClusterProps } from '../../lib';
import { managementTarget } from '../../lib/core/plan-model';
import { portsReport, portsReportName } from '../../lib/management';

const kubevirt: ManagementClusterProps = { platforms: ['KubeVirt'], metallb: { pools: [{ name: 'apis', addresses: ['10.0.0.100-10.0.0.120', '10.0.1.0/28'] }] }, machineNetwork: ['10.0.0.0/23'] };
const report = (props: ManagementClusterProps) => checkManagementCluster(props).plan!.portsReport;
/** The table rows of one platform's section, as `service | port | when | section`. */
const rows = (text: string, platform: string) =>
  text
    .split(`## ${platform}\n`)[1]
    .split('\n## ')[0]
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| service') && !l.startsWith('|---'))
    .map((l) => l.split(' | ').map((c) => c.replace(/^\| | \|$/g, '')))
    .map(([service, port, , when, section]) => `${service} | ${port} | ${when} | ${section}`);

describe('the ports report', () => {
  test("only the management cluster's platforms, each rule with the documentation's section", () => {
    const text = report(kubevirt);
    expect(text.match(/^## .*/gm)).toEqual(['## KubeVirt']);
    expect(text).toContain('Source: Hosted control planes documentation, 3.3.1.2 "Firewall and port requirements"');
    expect(rows(text, 'KubeVirt')).toEqual([
      'APIServer | 6443/TCP | always | 3.3.1.2',
      "APIServer | the Service's node port | NodePort | 3.3.1.2",
      'APIServer | 6443/TCP | MetalLB load balancing | 3.3.1.2',
      'APIServer | 6443/TCP | always | 3.3.1.2',
      "Ignition, OAuthServer | the Services' node ports | NodePort | 3.3.1.2",
      'default ingress (*.apps) | 443/TCP | Routes (no base domain) | 3.3.3',
    ]);
    expect(text).toContain('If you change the default port 6443, adjust the rules.');
  });

  test("the load balancer's addresses are this cluster's MetalLB pools, or said to be yours", () => {
    expect(report(kubevirt)).toContain('ingress to the IP range of the load balancer addresses: metallb.pools[0] apis: 10.0.0.100-10.0.0.120, 10.0.1.0/28 |');
    const own = report({ platforms: ['Agent'], metallb: false });
    expect(own).toContain("ingress to the IP range of the load balancer addresses: your load balancer's (this management cluster has no MetalLB pools) |");
    expect(rows(own, 'Agent')).toHaveLength(9);
    expect(own).toContain('Not needed on Agent: OVNSbDb, OIDC.');
  });

  test('where the documentation states no ports, the report says so: AWS lists endpoints, None borrows the bare-metal rules and says why', () => {
    const text = portsReport(managementTarget(), ['AWS', 'None']);
    expect(text).toContain('it states no ports for AWS');
    expect(rows(text, 'AWS').every((r) => r.includes(' | not stated | '))).toBe(true);
    expect(rows(text, 'AWS').map((r) => r.split(' | ')[0])).toEqual(['APIServer', 'private router', 'public router', 'PrivateLink endpoint service', 'private DNS', 'default ingress']);
    expect(text).toContain("Source: the bare-metal rules (3.2.1.2, 3.4.1.2), by the library's reading: the documentation has no section for the None platform");
    expect(rows(text, 'None')).toEqual(rows(portsReport(managementTarget(), ['Agent']), 'Agent'));
  });

  test('named after its management cluster, and the same text for the same props', () => {
    expect([portsReportName(managementTarget()), portsReportName(managementTarget('east'))]).toEqual(['ports.md', 'ports-east.md']);
    expect(portsReport(managementTarget('east'), ['None'])).toMatch(/^# Ports and endpoints to open: management cluster east\n/);
    expect(report(kubevirt)).toBe(report(JSON.parse(JSON.stringify(kubevirt))));
  });
});
