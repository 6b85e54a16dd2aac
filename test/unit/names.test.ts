import fc from 'fast-check';
import { controlPlaneNamespace, dnsLabelProblem, dnsSubdomainProblem, infraIdFor, qualifiedNameProblem } from '../../lib/core/names';

describe('naming', () => {
  test('RFC 1123 labels', () => {
    expect(dnsLabelProblem('vcluster2')).toBeUndefined();
    expect(dnsLabelProblem('a'.repeat(63))).toBeUndefined();
    expect(dnsLabelProblem('a'.repeat(64))).toContain('limit is 63');
    expect(dnsLabelProblem('Upper')).toContain('lower-case');
    expect(dnsLabelProblem('-lead')).toContain('start and end');
    expect(dnsLabelProblem('has.dot')).toContain('lower-case');
    expect(dnsLabelProblem('')).toBe('must not be empty');
  });

  test('RFC 1123 subdomains allow dots', () => {
    expect(dnsSubdomainProblem('a.b-c.d')).toBeUndefined();
    expect(dnsSubdomainProblem('a..b')).toBeDefined();
    expect(dnsSubdomainProblem('a'.repeat(254))).toContain('limit is 253');
  });

  test('qualified names (label and annotation keys)', () => {
    expect(qualifiedNameProblem('node-role.kubernetes.io/infra')).toBeUndefined();
    expect(qualifiedNameProblem('size')).toBeUndefined();
    expect(qualifiedNameProblem('a/b/c')).toContain('at most one');
    expect(qualifiedNameProblem('Bad_Prefix/x')).toContain('prefix');
    expect(qualifiedNameProblem('x/')).toContain('1-63');
  });

  test('the control-plane namespace replaces dots in the name', () => {
    expect(controlPlaneNamespace('clusters', 'example')).toBe('clusters-example');
    expect(controlPlaneNamespace('clusters', 'a.b')).toBe('clusters-a-b');
  });

  test('infraIdFor always yields a valid label for names that contain a letter or digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._-]{1,40}$/).filter((s) => /[A-Za-z0-9]/.test(s)), (name) => {
        const id = infraIdFor(name);
        expect(dnsLabelProblem(id)).toBeUndefined();
        expect(infraIdFor(id)).toBe(id);
      }),
    );
  });

  test('infraIdFor is stable: no random suffix', () => {
    expect(infraIdFor('vcluster2')).toBe('vcluster2');
    expect(infraIdFor('My_Cluster..1')).toBe('my-cluster-1');
  });

  test('valid labels are exactly those matching the RFC 1123 pattern', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (value) => {
        const valid = value.length <= 63 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(value);
        expect(dnsLabelProblem(value) === undefined).toBe(valid);
      }),
    );
  });
});
