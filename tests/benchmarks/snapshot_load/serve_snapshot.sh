# Sourced by live.sh and gui_live.sh: serve_snapshot SNAPSHOT [SERVER ARGS...] starts
# pilothouse-server ($server) on the snapshot with its HTTPS Kubernetes API, a kubeconfig in
# $work/kc.yaml, and returns once it serves ($pid: the server; its log in $work/server.log).
serve_snapshot() {
  local snapshot=$1; shift
  rm -rf "$work/pki" "$work/kc.yaml"
  "$server" --listen 127.0.0.1:0 --store :memory: "$@" --open "$snapshot" \
    --kube-api-listen 127.0.0.1:0 --write-kubeconfig "$work/kc.yaml" --cert-dir "$work/pki" > "$work/server.log" 2>&1 &
  pid=$!
  until grep -q "serving on" "$work/server.log"; do
    kill -0 $pid 2>/dev/null || { cat "$work/server.log"; exit 1; }
    sleep 0.2
  done
}
