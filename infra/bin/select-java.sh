# Sourced by ./paywire and .ci/run: exports JAVA_HOME for a JDK 21 or newer, preferring the one already set,
# then the default java, then the newest under /usr/lib/jvm. Fails loudly when none is installed.
java_major() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | head -1
}

paywire_select_java() {
  local candidate
  local candidates=()
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  if [ -d /usr/lib/jvm ]; then
    while IFS= read -r candidate; do candidates+=("$candidate"); done \
      < <(find /usr/lib/jvm -mindepth 1 -maxdepth 1 -type d | sort -rV)
  fi
  for candidate in "${candidates[@]}"; do
    if [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ]; then
      local major
      major=$(java_major "$candidate")
      if [ -n "$major" ] && [ "${major%%.*}" -ge 21 ] 2>/dev/null; then
        export JAVA_HOME="$candidate"
        export PATH="$JAVA_HOME/bin:$PATH"
        return 0
      fi
    fi
  done
  echo "Paywire needs a JDK 21 or newer; none found (set JAVA_HOME or install one under /usr/lib/jvm)." >&2
  return 1
}
