#!/usr/bin/env bash
# Builds kube-apiserver and kubectl (module engines/kube) and kustomize (module engines/kustomize) into
# CACHE_DIR/bin, from the Go module proxy, with this machine's Go. No etcd: the etcd 3.4.23 beside the
# repository (../shared/tools/crd-server/bin/etcd.gz) serves this kube-apiserver (test/engines/kube-server.ts).
#
#   engines/kube/build.sh [CACHE_DIR]
#
# CACHE_DIR defaults to $HCP_ENGINES_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/hcp-constructs/engines
# (test/engines/engine-tools.ts looks there). Its gopath/ and gocache/ are shared with the other
# engines' builds. A tool is skipped when its binary is there and its stamp (sha256 of its module's
# go.mod and go.sum, this script and `go version`) matches; a tool is built under a temporary name
# and moved into place, so an interrupted build leaves no half binary. Logs go to stderr.
# Other binaries in CACHE_DIR/bin (the Pulumi engine's) are left alone.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
engines=$(dirname "$here")
self="$here/$(basename "${BASH_SOURCE[0]}")"
cache=${1:-${HCP_ENGINES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hcp-constructs/engines}}
mkdir -p "$cache/bin" "$cache/stamps" "$cache/gopath" "$cache/gocache"
cache=$(cd "$cache" && pwd)

export GOPATH="$cache/gopath" GOMODCACHE="$cache/gopath/pkg/mod" GOCACHE="$cache/gocache"
export CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS="-mod=mod -buildvcs=false"
GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
[ -x "$GO" ] || { echo "build.sh: no go command (looked for go on PATH and /usr/local/go/bin/go)" >&2; exit 1; }

log() { echo "[engines/kube] $*" >&2; }

# "VERSION TIME" of module $2 in the build list of the module in $1 (TIME: the tag's, from the proxy).
module_version() {
  (cd "$1" && "$GO" list -m -f '{{.Version}} {{with .Time}}{{.UTC.Format "2006-01-02T15:04:05Z"}}{{end}}' "$2")
}

# build NAME MODULE_DIR PACKAGE LDFLAGS
build() {
  local name=$1 dir=$2 pkg=$3 ldflags=$4
  local out="$cache/bin/$name" stampfile="$cache/stamps/$name.sha256" stamp
  stamp=$( { cat "$dir/go.mod" "$dir/go.sum" "$self"; "$GO" version; } | sha256sum | cut -d' ' -f1)
  if [ -x "$out" ] && [ -f "$stampfile" ] && [ "$(cat "$stampfile")" = "$stamp" ]; then
    log "$name: up to date ($out)"
    return
  fi
  local tmp="$cache/bin/.$name.tmp.$$" start end
  log "$name: building $pkg (load average $(cut -d' ' -f1-3 /proc/loadavg)) ..."
  start=$(date +%s)
  rm -f "$stampfile"
  if ! (cd "$dir" && nice "$GO" build -trimpath -ldflags "-s -w $ldflags" -o "$tmp" "$pkg"); then
    rm -f "$tmp"
    log "$name: build failed"
    return 1
  fi
  mv -f "$tmp" "$out"
  echo "$stamp" > "$stampfile"
  end=$(date +%s)
  log "$name: built in $((end - start)) s, $(( $(stat -c %s "$out") / 1048576 )) MiB ($(stat -c %s "$out") bytes), load average now $(cut -d' ' -f1-3 /proc/loadavg)"
}

trap 'rm -f "$cache"/bin/.*.tmp.$$' EXIT

# Kubernetes: the version stamped into kube-apiserver and kubectl is the k8s.io/kubernetes module's.
kube_dir="$engines/kube"
read -r kube_version kube_date < <(module_version "$kube_dir" k8s.io/kubernetes)
[ -n "${kube_version:-}" ] || { log "cannot read the k8s.io/kubernetes version from $kube_dir/go.mod"; exit 1; }
kube_major=${kube_version#v}; kube_major=${kube_major%%.*}
kube_minor=${kube_version#v*.}; kube_minor=${kube_minor%%.*}
kube_ldflags=""
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  kube_ldflags+=" -X $pkg.gitVersion=$kube_version -X $pkg.gitMajor=$kube_major -X $pkg.gitMinor=$kube_minor"
  kube_ldflags+=" -X $pkg.gitTreeState=clean -X $pkg.buildDate=${kube_date:-1970-01-01T00:00:00Z}"
  kube_ldflags+=" -X $pkg.gitCommit="
done
log "Kubernetes $kube_version (tagged ${kube_date:-?}), Go $("$GO" env GOVERSION), cache $cache"
build kube-apiserver "$kube_dir" k8s.io/kubernetes/cmd/kube-apiserver "$kube_ldflags"
build kubectl "$kube_dir" k8s.io/kubernetes/cmd/kubectl "$kube_ldflags"

# kustomize: its version from the module; kustomize reads it from provenance.version.
kz_dir="$engines/kustomize"
read -r kz_version kz_date < <(module_version "$kz_dir" sigs.k8s.io/kustomize/kustomize/v5)
[ -n "${kz_version:-}" ] || { log "cannot read the kustomize version from $kz_dir/go.mod"; exit 1; }
build kustomize "$kz_dir" sigs.k8s.io/kustomize/kustomize/v5 \
  "-X sigs.k8s.io/kustomize/api/provenance.version=$kz_version -X sigs.k8s.io/kustomize/api/provenance.buildDate=${kz_date:-unknown}"
