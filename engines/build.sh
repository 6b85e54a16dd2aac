#!/usr/bin/env bash
# engines/build.sh [CACHE_DIR]: builds the engines the test suite runs the library under, from Go
# modules, into a per-machine cache (default ${HCP_ENGINES_CACHE:-~/.cache/hcp-constructs/engines}):
#   bin/pulumi                         the Pulumi CLI and engine (engines/pulumi/go.mod pins it)
#   bin/pulumi-language-nodejs         the project's Node.js language host (engines/pulumi/langhost)
#   bin/pulumi-resource-pulumi-nodejs  the dynamic-provider host launcher (runs @pulumi/pulumi's host)
#   bin/pulumi-resource-kubernetes     the Kubernetes provider (engines/kubernetes-provider)
#   bin/kube-apiserver, bin/kubectl, bin/kustomize (and bin/etcd)   engines/kube/build.sh
# A tool is rebuilt only when its inputs changed (a stamp per tool: the sha256 of its go.mod, go.sum,
# sources and build script). Needs Go >= 1.24 and the Go module proxy; nothing else is downloaded.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=${1:-${HCP_ENGINES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hcp-constructs/engines}}
mkdir -p "$CACHE/bin" "$CACHE/stamps" "$CACHE/src"
CACHE=$(cd "$CACHE" && pwd)
export GOPATH="$CACHE/gopath" GOMODCACHE="$CACHE/gopath/pkg/mod" GOCACHE="$CACHE/gocache"
export CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-mod=mod
read -r -a NICE <<<"${NICE:-nice -n 5}"

log() { printf '[engines %s] %s\n' "$(date +%T)" "$*" >&2; }
# stamp_of FILES...: one hash of the given files' contents (and this script's).
stamp_of() { cat "$@" "${BASH_SOURCE[0]}" | sha256sum | cut -c1-16; }
# fresh NAME STAMP: true when bin/NAME exists and was built from inputs with this stamp.
fresh() { [ -x "$CACHE/bin/$1" ] && [ "$(cat "$CACHE/stamps/$1" 2>/dev/null)" = "$2" ]; }
# build NAME STAMP CMD...: runs CMD (which writes bin/NAME.tmp), then moves it in place and stamps it.
build() {
  local name=$1 stamp=$2 t0=$SECONDS
  shift 2
  if fresh "$name" "$stamp"; then log "$name is up to date"; return; fi
  log "building $name"
  "$@"
  mv "$CACHE/bin/$name.tmp" "$CACHE/bin/$name"
  echo "$stamp" >"$CACHE/stamps/$name"
  log "$name built in $((SECONDS - t0)) s ($(du -h "$CACHE/bin/$name" | cut -f1))"
}

PULUMI_VERSION=$(cd "$here/pulumi" && go list -m -f '{{.Version}}' github.com/pulumi/pulumi/pkg/v3)
pulumi_stamp=$(stamp_of "$here/pulumi/go.mod" "$here/pulumi/go.sum" "$here/pulumi/langhost/main.go")
version_flag="-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$PULUMI_VERSION"
build pulumi "$pulumi_stamp" bash -c "cd '$here/pulumi' && ${NICE[*]} go build -trimpath -ldflags '-s -w $version_flag' -o '$CACHE/bin/pulumi.tmp' github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
build pulumi-language-nodejs "$pulumi_stamp" bash -c "cd '$here/pulumi' && ${NICE[*]} go build -trimpath -ldflags '-s -w -X main.version=${PULUMI_VERSION#v}' -o '$CACHE/bin/pulumi-language-nodejs.tmp' ./langhost"
build pulumi-resource-pulumi-nodejs "$(stamp_of "$here/pulumi/pulumi-resource-pulumi-nodejs")" \
  install -m 0755 "$here/pulumi/pulumi-resource-pulumi-nodejs" "$CACHE/bin/pulumi-resource-pulumi-nodejs.tmp"
build pulumi-resource-kubernetes "$(stamp_of "$here/kubernetes-provider/build.sh")" \
  bash "$here/kubernetes-provider/build.sh" "$CACHE" "$CACHE/bin/pulumi-resource-kubernetes.tmp"
if [ -f "$here/kube/build.sh" ]; then bash "$here/kube/build.sh" "$CACHE"; fi

du -sh "$CACHE/bin" "$GOMODCACHE" "$GOCACHE" 2>/dev/null | sed 's/^/[engines] size /' >&2
