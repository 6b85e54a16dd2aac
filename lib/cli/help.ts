/** The help texts of the `hcp-constructs` command, one per command. */

const EXIT_CODES = `Exit codes:
  0  done: written, up to date, or no problem found
  1  the input has problems, the synth failed, or --check found the output out of date
  2  wrong command line, app or file not found, or the output folder refused
  3  your own code threw (its stack is printed, trimmed to your files)`;

export const MAIN_HELP = `hcp-constructs: synthesize, diff and validate OpenShift Hosted Control Planes as code.

Usage:
  hcp-constructs <command> [options]

Commands:
  synth [app]            Run the app and write its YAML into the output folder (dist/)
  diff [app]             Show what a synth would change in the output folder, object by object
                         (--live: against the live management cluster, read-only)
  validate <file>...     Check props written as YAML or JSON, without TypeScript
  preflight [app]        Check the app against the live management cluster (read-only)
  rollout next [app]     Start the next wave of the fleet's rollout: advance its state, synthesize

Options:
  -h, --help             Show help (hcp-constructs <command> --help for a command's)
  -v, --version          Print the version

${EXIT_CODES}

The synth replaces or removes only files it wrote itself (listed in .hcp-constructs-files in the
output folder), never empties a folder, refuses a project folder, and writes all or nothing.
`;

export const SYNTH_HELP = `Usage:
  hcp-constructs synth [app] [-o <dir>] [--stdout | --check]

Runs the app and writes one <target>/<chart>.yaml per chart and target cluster into the output
folder, all or nothing; files you put there yourself are left alone. Prints what changed (files and
objects added, changed, removed; clusters affected) on stdout, findings and warnings on stderr.

The app is a .ts, .js or .mjs module that exports define(app) (named "define", or the default
export), adding charts to a cdk8s App; a module that calls runSynth(define) works too. Without an
app, main.ts or main.js in the working directory. A .ts app runs without a tsc step (the project's
typescript package compiles each file, without type-checking it: run tsc --noEmit in CI).

Options:
  -o, --output <dir>     Output folder (default: dist, or the one the app gives runSynth)
  -p, --stdout           Print the YAML to stdout instead; writes nothing (reports are left out)
      --check            Write nothing; exit 1 when the output folder differs from a fresh synth,
                         printing each object that differs (for CI)
      --verbose          List every file and cluster in the summary (else the first 50), and
                         print the full stack of an error, node's and the library's frames too
  -h, --help             Show this help

${EXIT_CODES}
`;

export const DIFF_HELP = `Usage:
  hcp-constructs diff [app] [-o <dir>]
  hcp-constructs diff [app] --live [--kubeconfig <file>] [--context <name>] [--management <name>]
                      [--field-manager <name>]

Runs the app in memory and prints what a synth would change in the output folder: each object
added or removed, each changed object with a unified diff of its YAML, the clusters affected, and
the versions that move in apply order (multicluster engine, control planes, NodePools); then, on
stderr, every finding against the previous output: a change the API server would refuse (an
immutable field such as a NodePool's upgradeType) or an upgrade step the operators would refuse
(a downgrade, a control plane moving two minors). Writes nothing; exits 0 whether or not there are
differences (synth --check exits 1), and 1 when a finding is an error (synth would refuse it).

With --live, compares the objects the app applies to one management cluster with that cluster
instead, by server-side apply with dryRun=All as the delivery engine's field manager. Nothing is
written, but a dry run is authorized as the request: the credentials need get and patch. Per
object: would be created (+); changes this app would make (~ change); drift, a field this app sets
that another manager changed (a kubectl edit), which the next sync with force takes back (drift,
also a warning on stderr); and fields other managers own that this app does not set, left alone
(left), saying where the library's model expects another controller (the HyperShift operator's
IDs, defaults and finalizers: docs/live-diff.md). Exits 0 whether or not there are differences or
drift, as without --live; 1 when the API server would refuse an apply or an object could not be
read.

Options:
  -o, --output <dir>         Output folder to compare with (default: dist); not with --live
      --live                 Compare with the live management cluster
      --kubeconfig <file>    The kubeconfig (default: $KUBECONFIG, else ~/.kube/config)
      --context <name>       Its context (default: its current context)
      --management <name>    Which of the app's management clusters (a fleet's) the kubeconfig
                             reaches (default: the app's only one)
      --field-manager <name> The field manager the objects are applied with: argocd-controller
                             (Argo CD with ServerSideApply=true), kustomize-controller (Flux),
                             kubectl (kubectl apply --server-side), your Pulumi provider's. Default:
                             kustomize-controller when the app delivers with Flux, else
                             argocd-controller, the manager of the ApplicationSet the library writes
      --verbose              Print the full stack of an error
  -h, --help                 Show this help

${EXIT_CODES}
`;

export const VALIDATE_HELP = `Usage:
  hcp-constructs validate <file.yaml|file.json|->...

Checks props written as YAML or JSON with the same checks as the library, each description alone
and all of them together (as one synth would). Findings name the file, the place and the path.

What a document describes:
  kind: HostedCluster         the props of one hosted cluster (options: for its PlanOptions)
  kind: ManagementCluster     the management cluster
  kind: AgentInfrastructure   agent hosts; cluster: <name> of a hosted cluster in these files
  kind: HostedClusterIngress  day-2 ingress; cluster: <name> of a hosted cluster in these files
  kind: Fleet                 a Fleet's props: managementClusters, hostedClusters, placement
                              (options: for every hosted cluster)
  no kind                     one hosted cluster; a list: one description per item
  hostedClusters: [...]       a fleet: also managementCluster, agentInfrastructure,
                              hostedClusterIngress, and options: for every hosted cluster
A file may hold several YAML documents (---); "-" reads stdin.

Options:
  -h, --help             Show this help

${EXIT_CODES}
`;

export const PREFLIGHT_HELP = `Usage:
  hcp-constructs preflight [app] [--kubeconfig <file>] [--context <name>] [--management <name>]

Runs the app in memory (writes nothing) and checks the objects it applies to one management
cluster against that cluster, reading it with get and list only (a view-only ServiceAccount is
enough: docs/preflight.md gives the ClusterRole). Each check reads each kind once and says what it
read, on stdout; every finding goes to stderr with the object, the prop path and a fix:
  installed-apis         the kinds and fields the plan uses, against the CRDs installed
  hypershift-operator    MCE Available with its hypershift component, the hypershift add-on
  supported-versions     every release against the operator's supported-versions ConfigMap
  referenced-secrets     Secrets and ConfigMaps the plan names but does not create, with their keys
  secret-stores          the stores the ExternalSecrets read from
  control-plane-nodes    the nodes' labels, taints and zones against HighlyAvailable control planes
  hosted-cluster-limits  hosted clusters already there and planned, against the add-on's limits
                         and the capacity model
  backup-plugin          OADP's DataProtectionApplication with the hypershift plugin
  image-mirrors          ImageDigestMirrorSets for the releases, on a disconnected hub
  address-pools          MetalLB pools and addresses in use against the planned pools
  name-collisions        planned objects that exist already under another owner

Options:
      --kubeconfig <file>  The kubeconfig (default: $KUBECONFIG, else ~/.kube/config)
      --context <name>     Its context (default: its current context)
      --management <name>  Which of the app's management clusters (a fleet's) the kubeconfig
                           reaches (default: the app's only one)
      --verbose            Print the full stack of an error
  -h, --help               Show this help

${EXIT_CODES}
`;

export const ROLLOUT_HELP = `Usage:
  hcp-constructs rollout next [app] [-o <dir>] [--kubeconfig [<management>=]<file>]... [--context <name>] [--now <time>]
  hcp-constructs rollout next --record <file> [--kubeconfig [<management>=]<file>]... [--context <name>] [--now <time>]

Starts the next wave of the fleet's rollout (the Fleet's rollout prop), as one commit: reads the
rollout's state in the output folder (reports/rollout-state.json, written by the synth), advances it
by one wave and synthesizes, so that the output gives the target release to that wave's clusters.
Commit the output folder; the delivery engine applies it (control planes before their NodePools).

It refuses, writing nothing, while the rollout is paused (rollout.pause), when every wave is
started, while the current wave soaks (its soak from the time it started), and while the current
wave is not healthy: its HostedClusters are not at the target in the output folder, or, with
--kubeconfig, on the live management clusters, each cluster on the one it is placed on (the control
plane's update Completed, Available, its NodePools Ready and done updating; read-only). A rollout
whose healthGate is live needs --kubeconfig. It rewrites only the state file the synth wrote
(listed in .hcp-constructs-files).

A fleet on several management clusters: give --kubeconfig <management>=<file> once per management
cluster (e.g. --kubeconfig west=west.kubeconfig --kubeconfig east=east.kubeconfig), or one
--kubeconfig <file> whose contexts are named after the management clusters, or both (the named
files first). A wave on one management cluster may use the file's current context (or --context).
A cluster whose management cluster has no kubeconfig is refused, naming the option to add.

With --record <file> (Pulumi stages, whose state is the stack's rollout output): the same checks on
that record (live with --kubeconfig), and the advanced record on stdout; nothing is written.

Options:
  -o, --output <dir>       Output folder (default: dist, or the one the app gives runSynth)
      --record <file>      Advance this record instead, printing it (no app, no synth)
      --kubeconfig [<management>=]<file>
                           Check the current wave live: the kubeconfig of one management cluster
                           (repeatable), or one file for the others (contexts named after them)
      --context <name>     The context of the --kubeconfig <file> without a name, for a wave on
                           one management cluster (default: the file's current context)
      --now <time>         The time the wave starts (RFC 3339; default: now), for soak times
      --verbose            Print the full stack of an error
  -h, --help               Show this help

${EXIT_CODES}
`;
