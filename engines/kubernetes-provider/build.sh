#!/usr/bin/env bash
# kubernetes-provider/build.sh CACHE_DIR OUT: builds pulumi-resource-kubernetes into OUT.
#
# The provider module (github.com/pulumi/pulumi-kubernetes/provider/v4) has no tags; the module
# proxy serves one pseudo-version of it, PROVIDER_VERSION below (commit f47bc2d, 2026-01-15, which
# requires sdk/v4 v4.24.0). Its zip cannot be built as it is: main.go embeds two generated,
# git-ignored files (schema-embed.json, terraform-mapping-embed.json), and its go.mod replaces the
# sdk with ../sdk, which the zip lacks. So: copy the module, drop that replace (its require names a
# published sdk version), run the module's own generate.go, then build.
set -euo pipefail
CACHE=$1 OUT=$2
PROVIDER_VERSION=v4.0.0-20260115033456-f47bc2d6f199
LABEL=4.24.0+f47bc2d6   # the version the plugin reports: the sdk it requires, and the commit
read -r -a NICE <<<"${NICE:-nice -n 5}"

dir=$(go mod download -json "github.com/pulumi/pulumi-kubernetes/provider/v4@$PROVIDER_VERSION" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);if(j.Error){console.error(j.Error);process.exit(1)}process.stdout.write(j.Dir)})')
src="$CACHE/src/pulumi-kubernetes-provider"
rm -rf "$src" && cp -r "$dir" "$src" && chmod -R u+w "$src" && cd "$src"
go mod edit -dropreplace=github.com/pulumi/pulumi-kubernetes/sdk/v4
(cd cmd/pulumi-resource-kubernetes && VERSION=$LABEL go run generate.go)
"${NICE[@]}" go build -trimpath \
  -ldflags "-s -w -X github.com/pulumi/pulumi-kubernetes/provider/v4/pkg/version.Version=$LABEL" \
  -o "$OUT" ./cmd/pulumi-resource-kubernetes
