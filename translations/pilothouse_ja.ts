<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>AccessReview</name>
    <message>
        <source>Forbidden: %1</source>
        <translation>権限がありません: %1</translation>
    </message>
</context>
<context>
    <name>BackdropItem</name>
    <message>
        <source>a pod, in its owner&apos;s colour</source>
        <translation>Pod（オーナーごとの色）</translation>
    </message>
    <message>
        <source>held by a failed step</source>
        <translation>失敗したステップで停止中</translation>
    </message>
    <message>
        <source>selected (click a pod)</source>
        <translation>選択中（Pod をクリック）</translation>
    </message>
    <message>
        <source>being deleted</source>
        <translation>削除中</translation>
    </message>
    <message>
        <source>watch: pulses as events are delivered</source>
        <translation>watch: イベントが届くたびに点滅</translation>
    </message>
    <message>
        <source>observed: from the cluster&apos;s records; dashed: not recorded</source>
        <translation>観測: クラスターの記録から。破線: 記録なし</translation>
    </message>
</context>
<context>
    <name>ChartCatalog</name>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>CPU: requested vs allocatable</source>
        <translation>CPU: 要求量と割り当て可能量</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>コア</translation>
    </message>
    <message>
        <source>allocatable</source>
        <translation>割り当て可能</translation>
    </message>
    <message>
        <source>requested</source>
        <translation>要求</translation>
    </message>
    <message>
        <source>Memory: requested vs allocatable</source>
        <translation>メモリ: 要求量と割り当て可能量</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>Pending pods and the scheduling queue</source>
        <translation>Pending の Pod とスケジューリングキュー</translation>
    </message>
    <message>
        <source>pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Pending pods</source>
        <translation>Pending の Pod</translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>backoff</translation>
    </message>
    <message>
        <source>unschedulable</source>
        <translation>unschedulable</translation>
    </message>
    <message>
        <source>Scheduling latency: queue to scheduled</source>
        <translation>スケジューリング遅延: キュー投入から割り当てまで</translation>
    </message>
    <message>
        <source>%1, last minute</source>
        <translation>%1、直近 1 分間</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Pod startup latency: created to running</source>
        <translation>Pod 起動遅延: 作成から Running まで</translation>
    </message>
    <message>
        <source>%1 (image pulls excluded), last minute</source>
        <translation>%1（イメージのプルを除く）、直近 1 分間</translation>
    </message>
    <message>
        <source>Scheduling attempts by result</source>
        <translation>結果別のスケジューリング試行</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>試行</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>scheduled</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
</context>
<context>
    <name>ClusterView</name>
    <message>
        <source>cpu requested</source>
        <translation>CPU 要求</translation>
    </message>
    <message>
        <source>memory requested</source>
        <translation>メモリ要求</translation>
    </message>
    <message>
        <source>pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>No pods</source>
        <translation>Pod なし</translation>
    </message>
    <message>
        <source>Pods · %1</source>
        <translation>Pod · %1</translation>
    </message>
    <message>
        <source>role: %1</source>
        <translation>ロール: %1</translation>
    </message>
    <message>
        <source>region: %1</source>
        <translation>リージョン: %1</translation>
    </message>
    <message>
        <source>zone: %1</source>
        <translation>ゾーン: %1</translation>
    </message>
    <message>
        <source>instance: %1</source>
        <translation>インスタンス: %1</translation>
    </message>
    <message>
        <source>hostname: %1</source>
        <translation>ホスト名: %1</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>mem</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Pending: no pod is waiting for a node</source>
        <translation>Pending: ノードを待つ Pod はありません</translation>
    </message>
    <message>
        <source>Pending: 1 pod without a node</source>
        <translation>Pending: ノード未割り当ての Pod が 1 個</translation>
    </message>
    <message>
        <source>Pending: %1 pods without a node</source>
        <translation>Pending: ノード未割り当ての Pod が %1 個</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1 / %2（%3）</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>STATUS</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>Taints</source>
        <translation>Taint</translation>
    </message>
    <message>
        <source>&amp;lt;none&amp;gt;</source>
        <translation>&amp;lt;none&amp;gt;</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>ラベル</translation>
    </message>
    <message>
        <source>finished pods</source>
        <translation>終了した Pod</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>フェーズ</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>要求</translation>
    </message>
    <message>
        <source>cpu %1, memory %2</source>
        <translation>CPU %1、メモリ %2</translation>
    </message>
    <message>
        <source>Controlled by</source>
        <translation>コントローラー</translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation>PriorityClass</translation>
    </message>
    <message>
        <source>QoS class</source>
        <translation>QoS クラス</translation>
    </message>
    <message>
        <source>PodScheduled</source>
        <translation>PodScheduled</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>カード</translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation>タイル</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>ヒートマップ</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>色:</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>requested / allocatable</source>
        <translation>要求 / 割り当て可能</translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation>NotReady</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>ノード 1 台</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>ノード %1 台</translation>
    </message>
    <message>
        <source> · %1 pods · %2 pending</source>
        <translation> · Pod %1 個 · 保留中 %2 個</translation>
    </message>
    <message>
        <source> · %1 NotReady</source>
        <translation> · NotReady %1 台</translation>
    </message>
    <message>
        <source> · %1 SchedulingDisabled</source>
        <translation> · SchedulingDisabled %1 台</translation>
    </message>
    <message>
        <source>%1 · Ctrl+wheel or +/− to zoom, 0 to fit</source>
        <translation>%1 · Ctrl+ホイールまたは +/− でズーム、0 で全体表示</translation>
    </message>
    <message>
        <source> · the cluster as it was at revision %1</source>
        <translation> · リビジョン %1 時点のクラスター</translation>
    </message>
    <message>
        <source>Pending: waiting for the control plane&apos;s pods</source>
        <translation>Pending: コントロールプレーンの Pod を待っています</translation>
    </message>
    <message>
        <source>Waiting for the control plane&apos;s nodes and pods…</source>
        <translation>コントロールプレーンのノードと Pod を待っています…</translation>
    </message>
    <message>
        <source>Pending: %1</source>
        <translation>Pending: %1</translation>
    </message>
    <message>
        <source> · %1 pending</source>
        <translation> · 保留中 %1 個</translation>
    </message>
</context>
<context>
    <name>CountBadgeItem</name>
    <message numerus="yes">
        <source>%n pods</source>
        <translation>
            <numerusform>Pod %n 個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failing</source>
        <translation>
            <numerusform>%n 個が失敗中</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EventRow</name>
    <message>
        <source>%1 (x%2 over %3)</source>
        <extracomment>kubectl events&apos; interval: last seen, count, since first seen (&quot;45s (x5 over 3m)&quot;).</extracomment>
        <translation>%1 (x%2 over %3)</translation>
    </message>
</context>
<context>
    <name>EventTableModel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>JourneyGanttView</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>JourneyLayout</name>
    <message>
        <source>API server</source>
        <translation>API サーバー</translation>
    </message>
    <message>
        <source>kube-apiserver</source>
        <translation>kube-apiserver</translation>
    </message>
    <message>
        <source>scheduler</source>
        <translation>スケジューラー</translation>
    </message>
    <message>
        <source>kube-scheduler</source>
        <translation>kube-scheduler</translation>
    </message>
    <message>
        <source>scheduling queue</source>
        <translation>スケジューリングキュー</translation>
    </message>
    <message>
        <source>kubelet</source>
        <translation>kubelet</translation>
    </message>
    <message>
        <source>on the pod&apos;s node</source>
        <translation>Pod のノード上</translation>
    </message>
    <message>
        <source>clients</source>
        <translation>クライアント</translation>
    </message>
    <message>
        <source>store</source>
        <translation>ストア</translation>
    </message>
    <message>
        <source>pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Service</translation>
    </message>
    <message>
        <source>watch → scheduler</source>
        <translation>watch → スケジューラー</translation>
    </message>
    <message>
        <source>watch → kubelets</source>
        <translation>watch → kubelet</translation>
    </message>
    <message>
        <source>watch → controllers</source>
        <translation>watch → コントローラー</translation>
    </message>
</context>
<context>
    <name>LiveConnection</name>
    <message>
        <source>%1 in namespace %2</source>
        <translation>名前空間 %2 の %1</translation>
    </message>
    <message>
        <source>Send this change to the real cluster?

%1

Context: %2</source>
        <translation>この変更を実際のクラスターに送信しますか?

%1

コンテキスト: %2</translation>
    </message>
    <message>
        <source>Change the cluster</source>
        <translation>クラスターを変更</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>ObjectForm</name>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>メタデータ</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>ラベル</translation>
    </message>
    <message>
        <source>Containers</source>
        <translation>コンテナ</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>イメージ</translation>
    </message>
    <message>
        <source>CPU request</source>
        <translation>CPU 要求</translation>
    </message>
    <message>
        <source>Memory request</source>
        <translation>メモリ要求</translation>
    </message>
    <message>
        <source>CPU limit</source>
        <translation>CPU 制限</translation>
    </message>
    <message>
        <source>Memory limit</source>
        <translation>メモリ制限</translation>
    </message>
    <message>
        <source>Scheduling</source>
        <translation>スケジューリング</translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation>PriorityClass</translation>
    </message>
    <message>
        <source>Scheduler name</source>
        <translation>スケジューラー名</translation>
    </message>
    <message>
        <source>Node name (bypasses the scheduler)</source>
        <translation>ノード名（スケジューラーを経由しない）</translation>
    </message>
    <message>
        <source>Node selector</source>
        <translation>ノードセレクター</translation>
    </message>
    <message>
        <source>Tolerations</source>
        <translation>Toleration</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>演算子</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>効果</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>秒数</translation>
    </message>
    <message>
        <source>Scheduling gates</source>
        <translation>スケジューリングゲート</translation>
    </message>
    <message>
        <source>Node affinity</source>
        <translation>ノードアフィニティ</translation>
    </message>
    <message>
        <source>Required (terms are ORed, expressions ANDed)</source>
        <translation>必須（項は OR、式は AND で結合）</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Preferred</source>
        <translation>優先</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>Pod affinity</source>
        <translation>Pod アフィニティ</translation>
    </message>
    <message>
        <source>Pod anti-affinity</source>
        <translation>Pod アンチアフィニティ</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>必須</translation>
    </message>
    <message>
        <source>Topology key</source>
        <translation>トポロジーキー</translation>
    </message>
    <message>
        <source>Pods with labels</source>
        <translation>ラベルが一致する Pod</translation>
    </message>
    <message>
        <source>Namespaces</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>Topology spread</source>
        <translation>トポロジー分散</translation>
    </message>
    <message>
        <source>Constraints</source>
        <translation>制約</translation>
    </message>
    <message>
        <source>Max skew</source>
        <translation>最大スキュー</translation>
    </message>
    <message>
        <source>When unsatisfiable</source>
        <translation>満たせない場合</translation>
    </message>
    <message>
        <source>Min domains</source>
        <translation>最小ドメイン数</translation>
    </message>
    <message>
        <source>Unschedulable (cordoned)</source>
        <translation>スケジュール不可（cordon 済み）</translation>
    </message>
    <message>
        <source>Taints</source>
        <translation>Taint</translation>
    </message>
    <message>
        <source>Resources (status)</source>
        <translation>リソース（status）</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Allocatable</source>
        <translation>割り当て可能</translation>
    </message>
    <message>
        <source>Images present</source>
        <translation>取得済みイメージ</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Size (bytes)</source>
        <translation>サイズ（バイト）</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>ワークロード</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>レプリカ数</translation>
    </message>
    <message>
        <source>Selector</source>
        <translation>セレクター</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>戦略</translation>
    </message>
    <message>
        <source>Pod template</source>
        <translation>Pod テンプレート</translation>
    </message>
    <message>
        <source>Pod labels</source>
        <translation>Pod のラベル</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Service</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>タイプ</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>ポート</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>プロトコル</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>ポート</translation>
    </message>
    <message>
        <source>Target port</source>
        <translation>ターゲットポート</translation>
    </message>
    <message>
        <source>Node port</source>
        <translation>ノードポート</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>優先度</translation>
    </message>
    <message>
        <source>Global default</source>
        <translation>グローバルデフォルト</translation>
    </message>
    <message>
        <source>Preemption policy</source>
        <translation>プリエンプションポリシー</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>説明</translation>
    </message>
</context>
<context>
    <name>ObjectTreeModel</name>
    <message>
        <source>1 field</source>
        <translation>1 フィールド</translation>
    </message>
    <message>
        <source>%1 fields</source>
        <translation>%1 フィールド</translation>
    </message>
    <message>
        <source>1 item</source>
        <translation>1 項目</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>%1 項目</translation>
    </message>
</context>
<context>
    <name>PhraseText</name>
    <message>
        <source>user %1</source>
        <translation>ユーザー %1</translation>
    </message>
    <message>
        <source>user %1 (groups: %2)</source>
        <translation>ユーザー %1（グループ: %2）</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>許可</translation>
    </message>
    <message>
        <source>applied %1 defaults</source>
        <translation>%1 のデフォルト値を適用</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>変更なし</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有効</translation>
    </message>
    <message>
        <source>admitted</source>
        <translation>受理</translation>
    </message>
    <message>
        <source>set %1=%2</source>
        <translation>%1=%2 を設定</translation>
    </message>
    <message>
        <source>set priorityClassName=%1 (globalDefault)</source>
        <translation>priorityClassName=%1 を設定（globalDefault）</translation>
    </message>
    <message>
        <source>set tolerationSeconds=%1 for %2</source>
        <translation>%2 に tolerationSeconds=%1 を設定</translation>
    </message>
    <message>
        <source>set %1 (LimitRange %2)</source>
        <translation>%1 を設定（LimitRange %2）</translation>
    </message>
    <message>
        <source>quota %1: %2</source>
        <translation>クォータ %1: %2</translation>
    </message>
    <message>
        <source>created %1 at revision %2</source>
        <translation>%1 をリビジョン %2 で作成</translation>
    </message>
    <message>
        <source>updated %1 at revision %2</source>
        <translation>%1 をリビジョン %2 で更新</translation>
    </message>
    <message>
        <source>patched %1 at revision %2</source>
        <translation>%1 をリビジョン %2 でパッチ</translation>
    </message>
    <message>
        <source>deleted %1 at revision %2</source>
        <translation>%1 をリビジョン %2 で削除</translation>
    </message>
    <message>
        <source>read %1 at revision %2</source>
        <translation>%1 をリビジョン %2 で読み取り</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 (already present)</source>
        <translation>%1（取得済み）</translation>
    </message>
    <message>
        <source>%1 (restart %2)</source>
        <translation>%1（再起動 %2 回目）</translation>
    </message>
    <message>
        <source>%1 ready</source>
        <translation>%1 が Ready</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>grace %1s</source>
        <translation>猶予 %1 秒</translation>
    </message>
    <message>
        <source>ready endpoint %1 of service %2 (EndpointSlice %3)</source>
        <translation>Service %2 の Ready なエンドポイント %1（EndpointSlice %3）</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the phrases of one detail</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>authentication</source>
        <translation>認証</translation>
    </message>
    <message>
        <source>authorization</source>
        <translation>認可</translation>
    </message>
    <message>
        <source>mutating admission</source>
        <translation>Mutating Admission</translation>
    </message>
    <message>
        <source>registry</source>
        <translation>レジストリ</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>バリデーション</translation>
    </message>
    <message>
        <source>validating admission</source>
        <translation>Validating Admission</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>scheduling queue</source>
        <translation>スケジューリングキュー</translation>
    </message>
    <message>
        <source>scheduling</source>
        <translation>スケジューリング</translation>
    </message>
    <message>
        <source>binding</source>
        <translation>バインド</translation>
    </message>
    <message>
        <source>kubelet admission</source>
        <translation>kubeletのアドミッション</translation>
    </message>
    <message>
        <source>image pull</source>
        <translation>イメージのPull</translation>
    </message>
    <message>
        <source>sandbox</source>
        <translation>サンドボックス</translation>
    </message>
    <message>
        <source>containers</source>
        <translation>コンテナ</translation>
    </message>
    <message>
        <source>probes</source>
        <translation>Probe</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Running</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>endpoints</source>
        <translation>エンドポイント</translation>
    </message>
    <message>
        <source>termination</source>
        <translation>終了</translation>
    </message>
</context>
<context>
    <name>StationItem</name>
    <message>
        <source>%1 failed</source>
        <translation>失敗 %1</translation>
    </message>
    <message>
        <source>%1 passed</source>
        <extracomment>Station counters: pods that went through, pods there now, failed steps.</extracomment>
        <translation>通過 %1</translation>
    </message>
    <message>
        <source>%1 here</source>
        <translation>滞在 %1</translation>
    </message>
    <message>
        <source>%1: not recorded by the cluster</source>
        <extracomment>A station of an observed journey the cluster kept no record of: &quot;web-1: not recorded&quot;.</extracomment>
        <translation>%1: クラスターに記録なし</translation>
    </message>
</context>
<context>
    <name>Stations</name>
    <message>
        <source>kubectl</source>
        <translation>kubectl</translation>
    </message>
    <message>
        <source>controllers</source>
        <translation>コントローラー</translation>
    </message>
    <message>
        <source>authentication</source>
        <translation>認証</translation>
    </message>
    <message>
        <source>authorization</source>
        <translation>認可</translation>
    </message>
    <message>
        <source>mutating admission</source>
        <translation>Mutating Admission</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>バリデーション</translation>
    </message>
    <message>
        <source>validating admission</source>
        <translation>Validating Admission</translation>
    </message>
    <message>
        <source>etcd</source>
        <translation>etcd</translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>backoff</translation>
    </message>
    <message>
        <source>unschedulable</source>
        <translation>unschedulable</translation>
    </message>
    <message>
        <source>filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>bind</source>
        <translation>Bind</translation>
    </message>
    <message>
        <source>admission</source>
        <translation>アドミッション</translation>
    </message>
    <message>
        <source>sandbox &amp; IP</source>
        <translation>サンドボックスと IP</translation>
    </message>
    <message>
        <source>image pull</source>
        <translation>イメージのプル</translation>
    </message>
    <message>
        <source>containers</source>
        <translation>コンテナ</translation>
    </message>
    <message>
        <source>probes</source>
        <translation>プローブ</translation>
    </message>
    <message>
        <source>Running/Ready</source>
        <translation>Running/Ready</translation>
    </message>
    <message>
        <source>endpoints</source>
        <translation>エンドポイント</translation>
    </message>
</context>
<context>
    <name>ValueText</name>
    <message>
        <source>expected a whole number, got &quot;%1&quot;</source>
        <translation>整数が必要ですが、&quot;%1&quot; が入力されました</translation>
    </message>
    <message>
        <source>expected key=value pairs separated by commas, got &quot;%1&quot;</source>
        <translation>カンマ区切りの key=value の組が必要ですが、&quot;%1&quot; が入力されました</translation>
    </message>
</context>
<context>
    <name>WatchArrowItem</name>
    <message>
        <source>%1 events</source>
        <translation>イベント %1 件</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>WhatIfText</name>
    <message>
        <source>pod %1</source>
        <translation>Pod %1</translation>
    </message>
    <message>
        <source>deployment %1&apos;s pod template</source>
        <translation>Deployment %1 の Pod テンプレート</translation>
    </message>
    <message>
        <source>replicaset %1&apos;s pod template</source>
        <translation>ReplicaSet %1 の Pod テンプレート</translation>
    </message>
    <message>
        <source>replicationcontroller %1&apos;s pod template</source>
        <translation>ReplicationController %1 の Pod テンプレート</translation>
    </message>
    <message>
        <source>Add toleration %1 to %2</source>
        <translation>%2 に Toleration %1 を追加</translation>
    </message>
    <message>
        <source>Remove taint %1 from node %2</source>
        <translation>ノード %2 から Taint %1 を削除</translation>
    </message>
    <message>
        <source>Uncordon node %1</source>
        <translation>ノード %1 を uncordon</translation>
    </message>
    <message>
        <source>Remove nodeSelector %1 from %2</source>
        <translation>%2 から nodeSelector %1 を削除</translation>
    </message>
    <message>
        <source>Remove required node affinity from %1</source>
        <translation>%1 から必須のノードアフィニティを削除</translation>
    </message>
    <message>
        <source>Remove node affinity requirement %1 from %2</source>
        <translation>%2 からノードアフィニティの条件 %1 を削除</translation>
    </message>
    <message>
        <source>Remove node affinity requirements %1 from %2</source>
        <translation>%2 からノードアフィニティの条件 %1 を削除</translation>
    </message>
    <message>
        <source>Set label %1 on node %2</source>
        <translation>ノード %2 にラベル %1 を設定</translation>
    </message>
    <message>
        <source>Remove label %1 from node %2</source>
        <translation>ノード %2 からラベル %1 を削除</translation>
    </message>
    <message>
        <source>Lower %1&apos;s %2 request from %3 to %4</source>
        <translation>%1 の %2 リクエストを %3 から %4 に下げる</translation>
    </message>
    <message>
        <source>Evict pod %1 (priority %2) from node %3</source>
        <translation>ノード %3 から Pod %1（優先度 %2）を退避</translation>
    </message>
    <message>
        <source>Remove required pod affinity term (%1) from %2</source>
        <translation>%2 から必須の Pod アフィニティ条件（%1）を削除</translation>
    </message>
    <message>
        <source>Remove required pod anti-affinity term (%1) from %2</source>
        <translation>%2 から必須の Pod アンチアフィニティ条件（%1）を削除</translation>
    </message>
    <message>
        <source>the pod already passes every filter on node %1</source>
        <translation>Pod はすでにノード %1 ですべての Filter を通過します</translation>
    </message>
    <message>
        <source>the changes found leave node %1 rejecting the pod</source>
        <translation>見つかった変更を行っても、ノード %1 は Pod を拒否します</translation>
    </message>
    <message>
        <source>node %1 would still reject the pod (%2)</source>
        <translation>ノード %1 はまだ Pod を拒否します（%2）</translation>
    </message>
    <message>
        <source>unknown reason &quot;%1&quot;</source>
        <translation>不明な理由 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not something a what-if changes</source>
        <translation>&quot;%1&quot; は「もしも」で変えられるものではありません</translation>
    </message>
    <message>
        <source>the node lifecycle controller puts taint %1 back on node %2 for as long as the node&apos;s condition lasts</source>
        <translation>ノードのコンディションが続く限り、ノードライフサイクルコントローラーが Taint %1 をノード %2 に付け直します</translation>
    </message>
    <message>
        <source>the scheduler profile&apos;s NodeAffinity addedAffinity rejects node %1; only the scheduler&apos;s configuration changes that</source>
        <translation>スケジューラープロファイルの NodeAffinity addedAffinity がノード %1 を拒否しています。これを変えられるのはスケジューラーの設定だけです</translation>
    </message>
    <message>
        <source>no required node-affinity term of the pod can be met by labels on node %1 (a term asks for contradictory values, the nodeSelector&apos;s, or the node&apos;s name)</source>
        <translation>Pod の必須ノードアフィニティのどの条件も、ノード %1 のラベルでは満たせません（矛盾する値、nodeSelector の値、またはノード名を求める条件です）</translation>
    </message>
    <message>
        <source>node %1 already runs as many pods as it allows (%2)</source>
        <translation>ノード %1 はすでに許容数いっぱいの Pod を実行しています（%2）</translation>
    </message>
    <message>
        <source>node %1 has no %2 left (%3 of %4 requested)</source>
        <translation>ノード %1 には %2 の空きがありません（要求済み %3 / %4）</translation>
    </message>
    <message>
        <source>the pod&apos;s overhead alone needs more %1 than node %2 has free</source>
        <translation>Pod のオーバーヘッドだけで、ノード %2 の空きより多くの %1 が必要です</translation>
    </message>
    <message>
        <source>node %1 runs no pod of lower priority than the pod&apos;s (%2)</source>
        <translation>ノード %1 では、Pod の優先度（%2）より低い Pod が動いていません</translation>
    </message>
    <message>
        <source>evicting every pod of lower priority than the pod&apos;s (%1) on node %2 would not free enough %3</source>
        <translation>ノード %2 上で Pod の優先度（%1）より低い Pod をすべて退避しても、%3 の空きが足りません</translation>
    </message>
    <message>
        <source>the pod&apos;s host ports are how it is reached; a what-if does not change them</source>
        <translation>Pod にはホストポートで到達します。「もしも」ではホストポートを変更しません</translation>
    </message>
    <message>
        <source>the pod&apos;s affinity does not parse: %1</source>
        <translation>Pod のアフィニティを解析できません: %1</translation>
    </message>
    <message>
        <source>the anti-affinity that keeps the pod away is other pods&apos; rule, not the pod&apos;s</source>
        <translation>Pod を遠ざけているアンチアフィニティは、この Pod ではなく他の Pod のルールです</translation>
    </message>
    <message>
        <source>the pod&apos;s required pod affinity needs a matching pod in node %1&apos;s topology domain; placing other pods there is not one change</source>
        <translation>Pod の必須 Pod アフィニティには、ノード %1 のトポロジードメインに一致する Pod が必要です。そこへ他の Pod を配置するのは 1 つの変更ではありません</translation>
    </message>
    <message>
        <source>the node lacks a topologyKey label of the pod&apos;s topology spread constraints; a label would put it in a domain whose count decides, not one change</source>
        <translation>ノードに Pod の Topology Spread Constraints の topologyKey ラベルがありません。ラベルを付けると、Pod 数が決め手となるドメインに入るため、1 つの変更にはなりません</translation>
    </message>
    <message>
        <source>the skew depends on where the other pods matching the pod&apos;s topology spread constraints run; no single change to the pod or to this node evens it out</source>
        <translation>スキューは、Pod の Topology Spread Constraints に一致する他の Pod がどこで動くかで決まります。Pod やこのノードへの 1 つの変更では均せません</translation>
    </message>
    <message>
        <source>where the pod&apos;s volumes are and can attach is not something a what-if changes</source>
        <translation>Pod のボリュームの場所とアタッチ先は「もしも」で変えられるものではありません</translation>
    </message>
    <message>
        <source>the pod asks for another node by spec.nodeName</source>
        <translation>Pod は spec.nodeName で別のノードを指定しています</translation>
    </message>
    <message>
        <source>no what-if for %1 (%2)</source>
        <translation>%1 に対する「もしも」はありません（%2）</translation>
    </message>
    <message>
        <source>the pod&apos;s %1 %2 is not among the objects</source>
        <translation>Pod の %1 %2 がオブジェクトの中にありません</translation>
    </message>
    <message>
        <source>the pod&apos;s %1 %2 is managed by %3 %4, which no what-if changes</source>
        <translation>Pod の %1 %2 は %3 %4 が管理しており、「もしも」では変更しません</translation>
    </message>
    <message>
        <source>the pod belongs to job %1, whose pod template cannot be changed (spec.template is immutable)</source>
        <translation>Pod は Job %1 に属しており、その Pod テンプレートは変更できません（spec.template は不変）</translation>
    </message>
    <message>
        <source>the pod belongs to statefulset %1, which rolls a changed template out one ordinal at a time (not one change to this pod)</source>
        <translation>Pod は StatefulSet %1 に属しており、変更したテンプレートは序数ごとに 1 つずつロールアウトされます（この Pod への 1 つの変更ではありません）</translation>
    </message>
    <message>
        <source>the pod belongs to daemonset %1, which makes one pod for each node it selects</source>
        <translation>Pod は DaemonSet %1 に属しており、選択した各ノードに Pod を 1 つずつ作成します</translation>
    </message>
    <message>
        <source>the pod belongs to %1 %2, which no what-if changes</source>
        <translation>Pod は %1 %2 に属しており、「もしも」では変更しません</translation>
    </message>
    <message>
        <source>dropped &quot;%1&quot;: %2</source>
        <translation>&quot;%1&quot; を破棄: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (pod side): %2</source>
        <translation>%1（Pod 側）: %2</translation>
    </message>
    <message>
        <source>%1 (node side): %2</source>
        <translation>%1（ノード側）: %2</translation>
    </message>
</context>
<context>
    <name>WindowLayouts</name>
    <message>
        <source>Teach</source>
        <translation>授業</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>デバッグ</translation>
    </message>
    <message>
        <source>Operate</source>
        <translation>運用</translation>
    </message>
    <message>
        <source>The journey large, the cluster beside it and the timeline (Ctrl+1)</source>
        <translation>ジャーニーを大きく、その横にクラスター、タイムライン (Ctrl+1)</translation>
    </message>
    <message>
        <source>The cluster, the explainer and the events: the selected pending pod explained (Ctrl+2)</source>
        <translation>クラスター、説明、イベント: 選択した Pending の Pod を説明 (Ctrl+2)</translation>
    </message>
    <message>
        <source>The cluster as tiles or a heat map, the charts and the events (Ctrl+3)</source>
        <translation>タイルかヒートマップのクラスター、グラフ、イベント (Ctrl+3)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>A visual explorer of how Kubernetes places and runs pods.</source>
        <translation>Kubernetes が Pod をどう配置し実行するかを目で見て探るツール。</translation>
    </message>
    <message>
        <source>Store file (default: in memory).</source>
        <translation>ストアのファイル（既定: メモリ上）。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>Scenario to run: a name from resources/scenarios (e.g. node-failure) or a file (default: single-pod-journey).</source>
        <translation>実行するシナリオ: resources/scenarios 内の名前（例: node-failure）またはファイル（既定: single-pod-journey）。</translation>
    </message>
    <message>
        <source>NAME|FILE</source>
        <translation>名前|ファイル</translation>
    </message>
    <message>
        <source>Run the scenario to this virtual time first (e.g. 30s, 2m), as fast as possible.</source>
        <translation>まずシナリオをこの仮想時刻（例: 30s、2m）まで最高速で進めます。</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>期間</translation>
    </message>
    <message>
        <source>Select this pod (the inspector shows it).</source>
        <translation>この Pod を選択します（インスペクターに表示）。</translation>
    </message>
    <message>
        <source>NAMESPACE/POD</source>
        <translation>NAMESPACE/POD</translation>
    </message>
    <message>
        <source>Start with the dark palette.</source>
        <translation>ダークパレットで起動します。</translation>
    </message>
    <message>
        <source>Language of the user interface: en, de or ja (default: the one last chosen in View &gt; Language, else the system&apos;s).</source>
        <translation>ユーザーインターフェースの言語: en、de、ja（既定: 表示 &gt; 言語 で最後に選んだ言語、なければシステムの言語）。</translation>
    </message>
    <message>
        <source>Write journey.png, cluster.png, inspector.png, explainer.png, what-if.png, events.png, charts.png, pod-editor.png, node-editor.png and window.png into DIR once the views are loaded, then exit.</source>
        <translation>ビューの読み込み後、journey.png、cluster.png、inspector.png、explainer.png、what-if.png、events.png、charts.png、pod-editor.png、node-editor.png、window.png を ディレクトリ に書き出して終了します。</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>ディレクトリ</translation>
    </message>
    <message>
        <source>Window size (default 1920x1080 for screenshots).</source>
        <translation>ウィンドウサイズ（スクリーンショットの既定は 1920x1080）。</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>幅x高さ</translation>
    </message>
    <message>
        <source>Start from a real cluster&apos;s snapshot instead of a scenario: the output of kubectl get nodes,pods,priorityclasses -A -o yaml. Repeat it (or name more files after the options) for several files.</source>
        <translation>シナリオの代わりに実クラスターのスナップショットから始めます: kubectl get nodes,pods,priorityclasses -A -o yaml の出力です。複数ファイルの場合は繰り返し指定します（またはオプションの後にファイルを並べます）。</translation>
    </message>
    <message>
        <source>SNAPSHOT.yaml</source>
        <translation>SNAPSHOT.yaml</translation>
    </message>
    <message>
        <source>kube-scheduler&apos;s configuration: a KubeSchedulerConfiguration file (default: the scenario&apos;s, else v1.28&apos;s defaults).</source>
        <translation>kube-scheduler の設定: KubeSchedulerConfiguration ファイル（既定: シナリオの設定、なければ v1.28 の既定値）。</translation>
    </message>
    <message>
        <source>More snapshot files for --open.</source>
        <translation>--open に渡す追加のスナップショットファイル。</translation>
    </message>
    <message>
        <source>Open a workspace saved with File &gt; Save workspace: the cluster at the moment it was saved.</source>
        <translation>ファイル &gt; ワークスペースを保存 で保存したワークスペースを開きます: 保存した時点のクラスターです。</translation>
    </message>
    <message>
        <source>Attach to a running pilothouse-server at this address instead of simulating here (its simulation is shared with its other clients).</source>
        <translation>ここでシミュレーションせず、このアドレスで動作中の pilothouse-server に接続します（そのシミュレーションは他のクライアントと共有されます）。</translation>
    </message>
    <message>
        <source>HOST:PORT</source>
        <translation>HOST:PORT</translation>
    </message>
    <message>
        <source>With --connect: a file holding the bearer token (a line of the server&apos;s --tokens file).</source>
        <translation>--connect と併用: ベアラートークンを含むファイル（サーバーの --tokens ファイルの 1 行）。</translation>
    </message>
    <message>
        <source>With --connect: the server speaks TLS, its certificate signed by an authority the system trusts.</source>
        <translation>--connect と併用: サーバーは TLS を使い、その証明書はシステムが信頼する認証局の署名付きです。</translation>
    </message>
    <message>
        <source>With --connect: the server speaks TLS, its certificate signed by this CA certificate (PEM).</source>
        <translation>--connect と併用: サーバーは TLS を使い、その証明書はこの CA 証明書（PEM）の署名付きです。</translation>
    </message>
    <message>
        <source>Also serve the Kubernetes API over HTTPS at this loopback address (e.g. 127.0.0.1:6443), so that kubectl on this machine drives the simulated cluster.</source>
        <translation>このループバックアドレス(例: 127.0.0.1:6443)で Kubernetes API を HTTPS でも提供し、このマシンの kubectl でシミュレーションのクラスターを操作できるようにします。</translation>
    </message>
    <message>
        <source>With --kube-api-listen: write a kubeconfig for it (its address, the CA of its certificate, context pilothouse) to FILE.</source>
        <translation>--kube-api-listen と併用: その API 用の kubeconfig(アドレス、証明書の CA、コンテキスト pilothouse)を FILE に書き出します。</translation>
    </message>
    <message>
        <source>Attach to a real Kubernetes cluster through this kubeconfig file, as kubectl would (read-only until you allow changes). --context picks the context; $KUBECONFIG or ~/.kube/config when FILE is &quot;&quot;.</source>
        <translation>この kubeconfig ファイルで kubectl と同じように実際の Kubernetes クラスターに接続します (変更を許可するまで読み取り専用)。--context でコンテキストを選びます。FILE が &quot;&quot; なら $KUBECONFIG または ~/.kube/config。</translation>
    </message>
    <message>
        <source>With --kubeconfig: the kubeconfig context to use (default: its current-context).</source>
        <translation>--kubeconfig と共に: 使う kubeconfig のコンテキスト (既定: その current-context)。</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ClusterMenu</name>
    <message>
        <source>&amp;Cluster</source>
        <translation>クラスター(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Allow changes to this cluster</source>
        <translation>このクラスターへの変更を許可(&amp;A)</translation>
    </message>
    <message>
        <source>Off: Pilothouse only reads the cluster. On: cordon, drain, edit, delete and apply are offered, each confirmed before it is sent</source>
        <translation>オフ: Pilothouse はクラスターを読むだけです。オン: cordon、drain、編集、削除、apply を使えます。送信前にそれぞれ確認します</translation>
    </message>
    <message>
        <source>Allow changes</source>
        <translation>変更を許可</translation>
    </message>
    <message>
        <source>Changes you make from now on are sent to the real cluster &quot;%1&quot; (%2), each after you confirm it.

To try changes without touching the cluster, fork it into a simulation instead.</source>
        <translation>これからの変更は、確認のうえ実際のクラスター「%1」(%2) に送信されます。

クラスターに触れずに変更を試すには、代わりにシミュレーションへフォークしてください。</translation>
    </message>
    <message>
        <source>&amp;Fork into simulation</source>
        <translation>シミュレーションへフォーク(&amp;F)</translation>
    </message>
    <message>
        <source>Copy the cluster as it is now into a simulation in a new window: what-ifs, edits and time travel run on the copy, never on the cluster</source>
        <translation>現在のクラスターを新しいウィンドウのシミュレーションにコピーします: what-if、編集、タイムトラベルはコピー上で行われ、クラスターには触れません</translation>
    </message>
    <message>
        <source>What this view cannot see…</source>
        <translation>この表示で見えないもの…</translation>
    </message>
    <message>
        <source>Partial views</source>
        <translation>部分的な表示</translation>
    </message>
    <message>
        <source>Every kind is read from the whole cluster.</source>
        <translation>すべての種類をクラスター全体から読んでいます。</translation>
    </message>
    <message>
        <source>Cannot fork the cluster: %1</source>
        <translation>クラスターをフォークできません: %1</translation>
    </message>
    <message>
        <source>Forked into a simulation: a new window</source>
        <translation>シミュレーションへフォークしました: 新しいウィンドウ</translation>
    </message>
    <message>
        <source>Forked into a simulation, partly: %1</source>
        <translation>シミュレーションへ一部フォークしました: %1</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ClusterState</name>
    <message>
        <source>Cannot show the cluster at revision %1: %2</source>
        <translation>リビジョン %1 時点のクラスターを表示できません: %2</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ConnectClusterDialog</name>
    <message>
        <source>Connect to a Kubernetes cluster</source>
        <translation>Kubernetes クラスターに接続</translation>
    </message>
    <message>
        <source>empty: $KUBECONFIG, else ~/.kube/config (as kubectl)</source>
        <translation>空: $KUBECONFIG、なければ ~/.kube/config (kubectl と同じ)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>Kubeconfig</source>
        <translation>Kubeconfig</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <source>&amp;Kubeconfig:</source>
        <translation>Kubeconfig(&amp;K):</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>クラスター</translation>
    </message>
    <message>
        <source>User</source>
        <translation>ユーザー</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>名前空間</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>サーバー</translation>
    </message>
    <message>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近</translation>
    </message>
    <message>
        <source>Click to pick it, double-click to connect</source>
        <translation>クリックで選択、ダブルクリックで接続</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>default kubeconfig</source>
        <translation>既定の kubeconfig</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>接続</translation>
    </message>
    <message>
        <source>A new window shows the cluster live, read-only until you allow changes (Cluster menu). Contexts are read as kubectl reads them; one that cannot be used says why.</source>
        <translation>新しいウィンドウにクラスターをライブで表示します。変更を許可するまで読み取り専用です (クラスター メニュー)。コンテキストは kubectl と同じように読み、使えないものは理由を示します。</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1 (なし)</translation>
    </message>
    <message>
        <source>%1 (broken: %2)</source>
        <translation>%1 (壊れています: %2)</translation>
    </message>
    <message>
        <source>No kubeconfig file</source>
        <translation>kubeconfig ファイルがありません</translation>
    </message>
    <message>
        <source>Read: %1</source>
        <translation>読み込み: %1</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>使用可</translation>
    </message>
    <message>
        <source>hidden by the context of the same name in %1</source>
        <translation>%1 の同名のコンテキストに隠されています</translation>
    </message>
    <message>
        <source>%1 (current)</source>
        <translation>%1 (現在)</translation>
    </message>
    <message>
        <source>This context is hidden by an earlier file&apos;s</source>
        <translation>このコンテキストは前のファイルの同名のものに隠されています</translation>
    </message>
    <message>
        <source>Pick a context first</source>
        <translation>先にコンテキストを選んでください</translation>
    </message>
    <message>
        <source>Connecting to %1 (%2)…</source>
        <translation>%1 (%2) に接続中…</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ConnectDialog</name>
    <message>
        <source>Connect to a pilothouse-server</source>
        <translation>pilothouse-server に接続</translation>
    </message>
    <message>
        <source>Where pilothouse-server listens: its --listen address, HOST:PORT</source>
        <translation>pilothouse-server の待ち受け先: その --listen アドレス、HOST:PORT</translation>
    </message>
    <message>
        <source>the bearer token from the server&apos;s --tokens file</source>
        <translation>サーバーの --tokens ファイルにあるベアラートークン</translation>
    </message>
    <message>
        <source>Never stored: the recent connections keep a token file&apos;s name, not a token</source>
        <translation>保存されません: 最近の接続に残るのはトークンファイルの名前だけで、トークンそのものは残りません</translation>
    </message>
    <message>
        <source>or a file holding the token</source>
        <translation>またはトークンを含むファイル</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>Token file</source>
        <translation>トークンファイル</translation>
    </message>
    <message>
        <source>Use TLS (the server runs with --tls-cert)</source>
        <translation>TLS を使う（サーバーが --tls-cert 付きで動作している場合）</translation>
    </message>
    <message>
        <source>empty: the system&apos;s certificate authorities</source>
        <translation>空欄: システムの認証局</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA 証明書</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt);;All files (*)</source>
        <translation>PEM ファイル (*.pem *.crt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>アドレス(&amp;A):</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>トークン(&amp;T):</translation>
    </message>
    <message>
        <source>Token &amp;file:</source>
        <translation>トークンファイル(&amp;F):</translation>
    </message>
    <message>
        <source>&amp;CA certificate:</source>
        <translation>CA 証明書(&amp;C):</translation>
    </message>
    <message>
        <source>Recent connections</source>
        <translation>最近の接続</translation>
    </message>
    <message>
        <source>Click to fill in the fields, double-click to connect</source>
        <translation>クリックで各欄に入力、ダブルクリックで接続</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>接続</translation>
    </message>
    <message>
        <source>A new window shows the server&apos;s cluster. Its simulation runs there, shared with everyone connected: play, pause and rewind are theirs too.</source>
        <translation>新しいウィンドウにサーバーのクラスターを表示します。シミュレーションはサーバー上で動き、接続している全員で共有されます。再生・一時停止・巻き戻しは全員に影響します。</translation>
    </message>
    <message>
        <source>Give the server&apos;s address, HOST:PORT (e.g. 127.0.0.1:7443).</source>
        <translation>サーバーのアドレスを HOST:PORT の形で入力してください（例: 127.0.0.1:7443）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an address: write HOST:PORT (e.g. 127.0.0.1:7443).</source>
        <translation>「%1」はアドレスではありません: HOST:PORT の形で書いてください（例: 127.0.0.1:7443）。</translation>
    </message>
    <message>
        <source>Port %1 is out of range (1 to 65535).</source>
        <translation>ポート %1 は範囲外です（1〜65535）。</translation>
    </message>
    <message>
        <source>Give a token or a token file, not both.</source>
        <translation>トークンかトークンファイルのどちらか一方を指定してください。</translation>
    </message>
    <message>
        <source>Cannot read the token file %1: %2</source>
        <translation>トークンファイル %1 を読めません: %2</translation>
    </message>
    <message>
        <source>The token file %1 is empty.</source>
        <translation>トークンファイル %1 は空です。</translation>
    </message>
    <message>
        <source>Cannot read the CA certificate %1.</source>
        <translation>CA 証明書 %1 を読めません。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 に接続中…</translation>
    </message>
    <message>
        <source>token file %1</source>
        <translation>トークンファイル %1</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>TLS, CA %1</source>
        <translation>TLS、CA %1</translation>
    </message>
    <message>
        <source>%1 did not accept the token (401 Unauthorized): %2</source>
        <translation>%1 はトークンを受け付けませんでした（401 Unauthorized）: %2</translation>
    </message>
    <message>
        <source>%1 knows the token, but its user may not see the simulation (403 Forbidden): %2</source>
        <translation>%1 はトークンを認識しましたが、そのユーザーにはシミュレーションを見る権限がありません（403 Forbidden）: %2</translation>
    </message>
    <message>
        <source>Cannot reach %1: %2</source>
        <translation>%1 に到達できません: %2</translation>
    </message>
    <message>
        <source>%1 did not answer in time: %2</source>
        <translation>%1 が時間内に応答しませんでした: %2</translation>
    </message>
    <message>
        <source>%1 answers, but it is not a pilothouse-server (no Simulation service): %2</source>
        <translation>%1 は応答しましたが、pilothouse-server ではありません（Simulation サービスがありません）: %2</translation>
    </message>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>%1 に接続できません: %2</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::EmbeddedSession</name>
    <message>
        <source>creating the scenario&apos;s objects: %1 of %2</source>
        <translation>シナリオのオブジェクトを作成中: %2 個中 %1 個</translation>
    </message>
    <message>
        <source>starting kube-scheduler, the controllers and the kubelets</source>
        <translation>kube-scheduler、コントローラー、kubelet を起動中</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::EventLogView</name>
    <message>
        <source>All types</source>
        <translation>すべてのタイプ</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warning</translation>
    </message>
    <message>
        <source>Show events of one type</source>
        <translation>1 つのタイプのイベントだけを表示</translation>
    </message>
    <message>
        <source>Object, e.g. pod/web</source>
        <translation>オブジェクト（例: pod/web）</translation>
    </message>
    <message>
        <source>Show the events of objects whose OBJECT (kind/name) or namespace/name contains this</source>
        <translation>OBJECT（kind/name）または namespace/name にこれを含むオブジェクトのイベントを表示</translation>
    </message>
    <message>
        <source>Search reason and message</source>
        <translation>reason と message を検索</translation>
    </message>
    <message>
        <source>Show the events with every word somewhere in TYPE, REASON, OBJECT or MESSAGE</source>
        <translation>すべての語が TYPE、REASON、OBJECT、MESSAGE のいずれかに含まれるイベントを表示</translation>
    </message>
    <message>
        <source>1 event</source>
        <translation>イベント 1 件</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>イベント %1 件</translation>
    </message>
    <message>
        <source>%1 of 1 event</source>
        <translation>イベント 1 件中 %1 件</translation>
    </message>
    <message>
        <source>%1 of %2 events</source>
        <translation>イベント %2 件中 %1 件</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::EventTableModel</name>
    <message>
        <source>Seen at %1 of virtual time</source>
        <translation>仮想時刻 %1 に発生</translation>
    </message>
    <message>
        <source>Seen %1 times: first at %2, last at %3 of virtual time</source>
        <translation>%1 回発生: 最初は仮想時刻 %2、最後は %3</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>%1
(from %2)</source>
        <translation>%1
（%2 から）</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ExplainerView</name>
    <message>
        <source>Filters: nodes × plugins</source>
        <translation>Filter: ノード × プラグイン</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>スコア</translation>
    </message>
    <message>
        <source>What if…</source>
        <translation>もしも…</translation>
    </message>
    <message>
        <source>Why is my pod pending?</source>
        <translation>Pod が Pending なのはなぜ？</translation>
    </message>
    <message>
        <source>Select a pod: the scheduler tries it against every node and says, node by node and plugin by plugin, why it fits or not.</source>
        <translation>Pod を選んでください。スケジューラーがすべてのノードで試し、ノードごと・プラグインごとに、収まる理由と収まらない理由を示します。</translation>
    </message>
    <message>
        <source>Asking the scheduler…</source>
        <translation>スケジューラーに問い合わせ中…</translation>
    </message>
    <message>
        <source>Why is %1 pending? It fits now</source>
        <translation>%1 が Pending なのはなぜ？ 今なら収まります</translation>
    </message>
    <message>
        <source>Why is %1 on %2?</source>
        <translation>%1 が %2 にあるのはなぜ？</translation>
    </message>
    <message>
        <source>The scheduler would choose %1: %2 of %3 nodes are feasible.</source>
        <translation>スケジューラーは %1 を選びます: %3 台中 %2 台のノードが適合します。</translation>
    </message>
    <message>
        <source>Bound to %1. Tried again now, as if it were pending (it no longer counts on its node): </source>
        <translation>%1 にバインド済み。Pending であるかのように今もう一度試しました（自分のノード上ではもう数えません）: </translation>
    </message>
    <message>
        <source>Why is %1 pending?</source>
        <translation>%1 が Pending なのはなぜ？</translation>
    </message>
    <message>
        <source>%1 is bound to %2, but would not fit anywhere now</source>
        <translation>%1 は %2 にバインドされていますが、今はどこにも収まりません</translation>
    </message>
    <message>
        <source>Preemption: nominated to %1 once these pods are gone: %2</source>
        <translation>プリエンプション: 次の Pod がなくなれば %1 に指名されます: %2</translation>
    </message>
    <message>
        <source>Candidate nodes: %1</source>
        <translation>候補ノード: %1</translation>
    </message>
    <message>
        <source>Tried on the objects the control plane is being started with; tried again once it is up.</source>
        <translation>起動中のコントロールプレーンに渡すオブジェクトで試しました。起動後にもう一度試します。</translation>
    </message>
    <message>
        <source>The cluster recorded no FailedScheduling event for this pod.</source>
        <translation>クラスターはこの Pod の FailedScheduling イベントを記録していません。</translation>
    </message>
    <message>
        <source>FailedScheduling ×%1, %2</source>
        <translation>FailedScheduling ×%1、%2</translation>
    </message>
    <message>
        <source>FailedScheduling, %1</source>
        <translation>FailedScheduling、%1</translation>
    </message>
    <message>
        <source>✓ The cluster&apos;s kube-scheduler said the same, word for word (%1).</source>
        <translation>✓ クラスターの kube-scheduler も一字一句同じことを記録しています (%1)。</translation>
    </message>
    <message>
        <source>≠ The cluster&apos;s kube-scheduler said otherwise (%1): %2
The cluster may have changed since, or its scheduler runs another version, configuration or plugins.</source>
        <translation>≠ クラスターの kube-scheduler の記録は異なります (%1): %2
その後クラスターが変わったか、スケジューラーのバージョン、設定、プラグインが違う可能性があります。</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>%1 前</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::FileMenu</name>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Scenarios…</source>
        <translation>シナリオ(&amp;S)…</translation>
    </message>
    <message>
        <source>Scenario started</source>
        <translation>シナリオを開始しました</translation>
    </message>
    <message>
        <source>Open scenario &amp;file…</source>
        <translation>シナリオファイルを開く(&amp;F)…</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>シナリオを開く</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML ファイル (*.yaml *.yml);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 を開きました</translation>
    </message>
    <message>
        <source>Open cluster s&amp;napshot…</source>
        <translation>クラスタースナップショットを開く(&amp;N)…</translation>
    </message>
    <message>
        <source>kubectl get nodes,pods,priorityclasses -A -o yaml, one or several files</source>
        <translation>kubectl get nodes,pods,priorityclasses -A -o yaml の出力（1 つまたは複数のファイル）</translation>
    </message>
    <message>
        <source>Open a cluster snapshot (kubectl get -o yaml)</source>
        <translation>クラスタースナップショットを開く（kubectl get -o yaml）</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml *.json);;All files (*)</source>
        <translation>YAML ファイル (*.yaml *.yml *.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Sa&amp;ve scenario…</source>
        <translation>シナリオを保存(&amp;V)…</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>シナリオを保存</translation>
    </message>
    <message>
        <source>YAML files (*.yaml)</source>
        <translation>YAML ファイル (*.yaml)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 を保存しました</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>エクスポート(&amp;E)</translation>
    </message>
    <message>
        <source>Event log as CSV…</source>
        <translation>イベントログを CSV で…</translation>
    </message>
    <message>
        <source>Export the event log</source>
        <translation>イベントログをエクスポート</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 に書き出しました</translation>
    </message>
    <message>
        <source>Selected object as YAML…</source>
        <translation>選択したオブジェクトを YAML で…</translation>
    </message>
    <message>
        <source>Export the object</source>
        <translation>オブジェクトをエクスポート</translation>
    </message>
    <message>
        <source>Selected pod&apos;s journey as JSON…</source>
        <translation>選択した Pod の経過を JSON で…</translation>
    </message>
    <message>
        <source>Export the journey</source>
        <translation>経過をエクスポート</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON ファイル (*.json)</translation>
    </message>
    <message>
        <source>Cluster view</source>
        <translation>クラスタービュー</translation>
    </message>
    <message>
        <source>Journey view</source>
        <translation>経過ビュー</translation>
    </message>
    <message>
        <source>%1 as %2…</source>
        <translation>%1 を %2 で…</translation>
    </message>
    <message>
        <source>Export the view</source>
        <translation>ビューをエクスポート</translation>
    </message>
    <message>
        <source>&amp;Apply YAML…</source>
        <translation>YAML を適用(&amp;A)…</translation>
    </message>
    <message>
        <source>Pilothouse workspaces (%1);;All files (*)</source>
        <translation>Pilothouse ワークスペース (%1);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Open &amp;workspace…</source>
        <translation>ワークスペースを開く(&amp;W)…</translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation>ワークスペースを開く</translation>
    </message>
    <message>
        <source>Save wor&amp;kspace…</source>
        <translation>ワークスペースを保存(&amp;K)…</translation>
    </message>
    <message>
        <source>The store file with the whole history, and what replays this session to the present moment</source>
        <translation>全履歴を含むストアファイルと、このセッションを現在の時点まで再生するための情報</translation>
    </message>
    <message>
        <source>Save workspace</source>
        <translation>ワークスペースを保存</translation>
    </message>
    <message>
        <source>Saved workspace %1</source>
        <translation>ワークスペース %1 を保存しました</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>設定(&amp;P)…</translation>
    </message>
    <message>
        <source>Opened workspace %1</source>
        <translation>ワークスペース %1 を開きました</translation>
    </message>
    <message>
        <source>&amp;Connect to server…</source>
        <translation>サーバーに接続(&amp;C)…</translation>
    </message>
    <message>
        <source>Open a window on a running pilothouse-server (its simulation is shared with its other clients)</source>
        <translation>動作中の pilothouse-server のウィンドウを開きます（そのシミュレーションは他のクライアントと共有されます）</translation>
    </message>
    <message>
        <source> (on %1, for all its clients)</source>
        <translation>（%1 上で、すべてのクライアントに対して）</translation>
    </message>
    <message>
        <source>Start the simulation over from a built-in scenario</source>
        <translation>組み込みシナリオからシミュレーションをやり直します</translation>
    </message>
    <message>
        <source>Start the simulation over from a scenario file</source>
        <translation>シナリオファイルからシミュレーションをやり直します</translation>
    </message>
    <message>
        <source>Not over a server: this needs the simulation to run in this window (start pilothouse without --connect)</source>
        <translation>サーバー接続中は使えません: シミュレーションがこのウィンドウ内で動いている必要があります（pilothouse を --connect なしで起動してください）</translation>
    </message>
    <message>
        <source>Connect to &amp;cluster…</source>
        <translation>クラスターに接続(&amp;C)…</translation>
    </message>
    <message>
        <source>Open a window on a real Kubernetes cluster through a kubeconfig context (read-only until you allow changes)</source>
        <translation>kubeconfig のコンテキストで実際の Kubernetes クラスターのウィンドウを開きます (変更を許可するまで読み取り専用)</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::FilterMatrixModel</name>
    <message>
        <source>feasible</source>
        <translation>適合</translation>
    </message>
    <message>
        <source>rejected by %1</source>
        <translation>%1 が拒否</translation>
    </message>
    <message>
        <source>%1 passes %2</source>
        <translation>%1 は %2 を通す</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation>結果</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::InProcessClient</name>
    <message>
        <source>Unknown resource type &quot;%1&quot;</source>
        <translation>不明なリソースタイプ &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::InspectorView</name>
    <message>
        <source>Fields</source>
        <translation>フィールド</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>Journey</source>
        <translation>経過</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>何も選択されていません</translation>
    </message>
    <message>
        <source>Click a pod or a node in any view, or an event, to inspect it here.</source>
        <translation>任意のビューで Pod、ノード、またはイベントをクリックすると、ここで詳しく確認できます。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>No such %1 now: it was deleted, or not created yet.</source>
        <translation>この %1 は現在ありません: 削除されたか、まだ作成されていません。</translation>
    </message>
    <message>
        <source>This %1 did not exist at %2.</source>
        <translation>この %1 は %2 の時点では存在しませんでした。</translation>
    </message>
    <message>
        <source>not scheduled</source>
        <translation>未割り当て</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>%1 上</translation>
    </message>
    <message>
        <source>IP %1</source>
        <translation>IP %1</translation>
    </message>
    <message>
        <source>allocatable %1 cpu, %2 memory, %3 pods</source>
        <translation>割り当て可能: CPU %1、メモリ %2、Pod %3</translation>
    </message>
    <message>
        <source>live</source>
        <translation>ライブ</translation>
    </message>
    <message>
        <source>as it was at %1</source>
        <translation>%1 時点</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::JourneyGanttView</name>
    <message>
        <source>Select a pod to see its journey.</source>
        <translation>Pod を選ぶと、その経過が表示されます。</translation>
    </message>
    <message>
        <source>No stage of this pod&apos;s journey had begun by this moment.</source>
        <translation>この時点では、この Pod の経過はまだ始まっていませんでした。</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>%1 時点</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::KubeApiStatus</name>
    <message>
        <source>Copied: %1</source>
        <translation>コピーしました: %1</translation>
    </message>
    <message>
        <source>kubectl → %1</source>
        <translation>kubectl → %1</translation>
    </message>
    <message>
        <source>Copy KUBECONFIG command</source>
        <translation>KUBECONFIG コマンドをコピー</translation>
    </message>
    <message>
        <source>This window serves the Kubernetes API for kubectl on this machine at %1</source>
        <translation>このウィンドウはこのマシンの kubectl に %1 で Kubernetes API を提供しています</translation>
    </message>
    <message>
        <source>This window serves the Kubernetes API for kubectl on this machine at %1; its kubeconfig is %2</source>
        <translation>このウィンドウはこのマシンの kubectl に %1 で Kubernetes API を提供しています。kubeconfig は %2 です</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::KubernetesClient</name>
    <message>
        <source>Pilothouse is read-only on context &quot;%1&quot;: turn on Cluster &gt; Allow changes to this cluster first</source>
        <translation>コンテキスト「%1」では Pilothouse は読み取り専用です: 先に クラスター &gt; このクラスターへの変更を許可 をオンにしてください</translation>
    </message>
    <message>
        <source>Cannot watch &quot;%1&quot;: the server doesn&apos;t have a resource type &quot;%1&quot;</source>
        <translation>「%1」を監視できません: the server doesn&apos;t have a resource type &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 only from namespace &quot;%2&quot;: %3</source>
        <translation>%1 は名前空間「%2」からのみ: %3</translation>
    </message>
    <message>
        <source>%1: %2 (trying again in %3 s)</source>
        <translation>%1: %2 (%3 秒後に再試行)</translation>
    </message>
    <message>
        <source>Not sent: the change was not confirmed</source>
        <translation>送信していません: 変更が確認されませんでした</translation>
    </message>
    <message>
        <source>Node &quot;%1&quot; is a real machine: failing and recovering nodes is for simulations (fork the cluster into one), cordon or drain it instead</source>
        <translation>ノード「%1」は実機です: ノードの障害と復旧はシミュレーション用です (クラスターをフォークしてください)。代わりに cordon か drain を使ってください</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::MainWindow</name>
    <message>
        <source>Pilothouse</source>
        <translation>Pilothouse</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>クラスター</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>インスペクター</translation>
    </message>
    <message>
        <source>Explainer</source>
        <translation>解説</translation>
    </message>
    <message>
        <source>Editor</source>
        <translation>エディター</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>グラフ</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>オブジェクト</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>シミュレーション</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Play or pause the simulation (Space)</source>
        <translation>シミュレーションを再生・一時停止（Space）</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Run the next event of the simulation (Right arrow)</source>
        <translation>シミュレーションの次の出来事を実行（右矢印）</translation>
    </message>
    <message>
        <source>Nothing is scheduled: the cluster is idle.</source>
        <translation>予定されている出来事はありません: クラスターはアイドル状態です。</translation>
    </message>
    <message>
        <source>Step cycle</source>
        <translation>1 サイクル</translation>
    </message>
    <message>
        <source>Run until the scheduler has made one more scheduling attempt (Shift+Right)</source>
        <translation>スケジューラーがスケジューリングをもう 1 回試みるまで実行（Shift+右）</translation>
    </message>
    <message>
        <source>No scheduling attempt is coming: nothing is pending.</source>
        <translation>スケジューリングの試行はありません: Pending の Pod はありません。</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1 倍</translation>
    </message>
    <message>
        <source>As fast as possible</source>
        <translation>最高速</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>リセット</translation>
    </message>
    <message>
        <source>Start the scenario again from the beginning (Ctrl+R)</source>
        <translation>シナリオを最初からやり直す（Ctrl+R）</translation>
    </message>
    <message>
        <source>Simulation stopped: %1</source>
        <translation>シミュレーションが停止しました: %1</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>タイムライン</translation>
    </message>
    <message>
        <source>Drag back to see the cluster as it was at that moment</source>
        <translation>左へドラッグすると、その時点のクラスターを表示します</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>ライブ</translation>
    </message>
    <message>
        <source>Back to the present (End)</source>
        <translation>現在に戻る（End）</translation>
    </message>
    <message>
        <source>Resume here</source>
        <translation>ここから再開</translation>
    </message>
    <message>
        <source>Replay the scenario to the moment shown and go on from there; what happened after it is forgotten (Ctrl+Return)</source>
        <translation>表示中の時点までシナリオを再実行し、そこから続けます。それ以降の出来事は破棄されます（Ctrl+Return）</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Dark palette</source>
        <translation>ダークパレット(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Text size</source>
        <translation>文字サイズ(&amp;T)</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>シミュレーション(&amp;S)</translation>
    </message>
    <message>
        <source>t = %1</source>
        <translation>t = %1</translation>
    </message>
    <message>
        <source>as fast as possible</source>
        <translation>最高速</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>再生中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <source>%1 (live)</source>
        <translation>%1（ライブ）</translation>
    </message>
    <message>
        <source>%1 (past)</source>
        <translation>%1（過去）</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>接続中</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>接続済み</translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation>切断</translation>
    </message>
    <message>
        <source>Control plane: %1 (%2)</source>
        <translation>コントロールプレーン: %1（%2）</translation>
    </message>
    <message>
        <source>Revision %1</source>
        <translation>リビジョン %1</translation>
    </message>
    <message>
        <source>Revision %1 (history)</source>
        <translation>リビジョン %1（履歴）</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>ノード %n 台</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s): %1 pending, %2 running</source>
        <translation>
            <numerusform>Pod %n 個: 保留中 %1、実行中 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <translation>%1（%2 として）</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>%1 に接続済み</translation>
    </message>
    <message>
        <source>Disconnected from %1 — showing the last state; reconnecting…</source>
        <translation>%1 との接続が切れました — 最後の状態を表示中、再接続中…</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 に接続中…</translation>
    </message>
    <message>
        <source>Cannot reach %1 — trying again…</source>
        <translation>%1 に到達できません — 再試行中…</translation>
    </message>
    <message>
        <source>disconnected, reconnecting…</source>
        <translation>切断、再接続中…</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>接続中…</translation>
    </message>
    <message>
        <source>%1 (%2) — Pilothouse</source>
        <translation>%1（%2）— Pilothouse</translation>
    </message>
    <message>
        <source>Not connected to %1</source>
        <translation>%1 に接続されていません</translation>
    </message>
    <message>
        <source>Control plane: could not start — %1</source>
        <translation>コントロールプレーン: 起動できませんでした — %1</translation>
    </message>
    <message>
        <source>Control plane: starting — %1</source>
        <translation>コントロールプレーン: 起動中 — %1</translation>
    </message>
    <message>
        <source>The control plane is still starting</source>
        <translation>コントロールプレーンはまだ起動中です</translation>
    </message>
    <message>
        <source>Nodes and pods: not listed yet</source>
        <translation>ノードと Pod: まだ一覧を取得していません</translation>
    </message>
    <message>
        <source>La&amp;yout</source>
        <translation>レイアウト(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;Reset this layout</source>
        <translation>このレイアウトをリセット(&amp;R)</translation>
    </message>
    <message>
        <source>Arrange the layout in force as it first was, for the window&apos;s size now</source>
        <translation>現在のウィンドウの大きさで、このレイアウトを初期の配置に戻す</translation>
    </message>
    <message>
        <source>&amp;Journey</source>
        <translation>ジャーニー(&amp;J)</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>レイアウト</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>プレゼン</translation>
    </message>
    <message>
        <source>Full screen with larger text, for a room (F11; Esc leaves)</source>
        <translation>会場向けに大きな文字の全画面 (F11、Esc で終了)</translation>
    </message>
    <message>
        <source>Virtual seconds per wall-clock second (] faster, [ slower)</source>
        <translation>実時間 1 秒あたりの仮想秒数 (] で速く、[ で遅く)</translation>
    </message>
    <message>
        <source>The Kubernetes API for kubectl could not start: %1</source>
        <translation>kubectl 用の Kubernetes API を開始できませんでした: %1</translation>
    </message>
    <message>
        <source>A live cluster&apos;s past is not kept here: fork it into a simulation (Cluster menu) to go back in time</source>
        <translation>ライブクラスターの過去はここには保存されません: 時間をさかのぼるにはシミュレーションへフォークしてください (クラスター メニュー)</translation>
    </message>
    <message>
        <source>Connected to %1 · Kubernetes %2</source>
        <translation>%1 に接続 · Kubernetes %2</translation>
    </message>
    <message>
        <source>Connected to %1 · Kubernetes %2 (the explainer&apos;s scheduler is v1.28&apos;s)</source>
        <translation>%1 に接続 · Kubernetes %2 (説明のスケジューラーは v1.28 のもの)</translation>
    </message>
    <message>
        <source> · partial: %1</source>
        <translation> · 部分的: %1</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::MetricsChart</name>
    <message>
        <source>virtual time (s)</source>
        <translation>仮想時刻（秒）</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ObjectTreeModel</name>
    <message>
        <source>Field</source>
        <translation>フィールド</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::PodJourneyModel</name>
    <message>
        <source>0 s</source>
        <translation>0 秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ミリ秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 マイクロ秒</translation>
    </message>
    <message>
        <source>%1 so far</source>
        <translation>現在まで %1</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>段階</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>所要時間</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>詳細</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>シミュレーション</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>As fast as possible</source>
        <translation>最高速</translation>
    </message>
    <message>
        <source>Speed at start:</source>
        <translation>開始時の速度:</translation>
    </message>
    <message>
        <source>Start playing when a window opens</source>
        <translation>ウィンドウを開いたら再生を始める</translation>
    </message>
    <message>
        <source>100M (the default)</source>
        <translation>100M (既定)</translation>
    </message>
    <message>
        <source>Bytes per second each simulated node pulls images at, as a Kubernetes quantity: 20M, 12.5Mi, 1G. Used by scenarios started from now on that do not set spec.imagePullBandwidth.</source>
        <translation>各シミュレーションノードがイメージを取得する速度 (バイト/秒)。Kubernetes の quantity で指定します: 20M、12.5Mi、1G。これから開始するシナリオのうち spec.imagePullBandwidth を指定していないものに使われます。</translation>
    </message>
    <message>
        <source>Image pull bandwidth (bytes/s):</source>
        <translation>イメージ取得の帯域幅 (バイト/秒):</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外観</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>Palette:</source>
        <translation>パレット:</translation>
    </message>
    <message>
        <source>For projectors: 150 % or 200 % reads from the back of a room</source>
        <translation>プロジェクター向け: 150 % や 200 % なら部屋の後ろからも読めます</translation>
    </message>
    <message>
        <source>Text size:</source>
        <translation>文字サイズ:</translation>
    </message>
    <message>
        <source>Colour of %1 pods</source>
        <translation>%1 の Pod の色</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>Pod phase colours:</source>
        <translation>Pod のフェーズの色:</translation>
    </message>
    <message>
        <source>%1 (default)</source>
        <translation>%1 (既定)</translation>
    </message>
    <message>
        <source>kubectl</source>
        <translation>kubectl</translation>
    </message>
    <message>
        <source>Serve the Kubernetes API to kubectl on this machine</source>
        <translation>このマシンの kubectl に Kubernetes API を提供する</translation>
    </message>
    <message>
        <source>kubectl on this computer then drives the simulated cluster, and each request&apos;s journey plays in the window. The status bar shows the address and copies the KUBECONFIG command.</source>
        <translation>このコンピューターの kubectl がシミュレーションのクラスターを操作し、各リクエストの経路がウィンドウに表示されます。ステータスバーにアドレスが表示され、KUBECONFIG コマンドをコピーできます。</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>アドレス:</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::RemoteClient</name>
    <message>
        <source>Connection to %1 lost: %2</source>
        <translation>%1 との接続が切れました: %2</translation>
    </message>
    <message>
        <source>Unknown resource type &quot;%1&quot;</source>
        <translation>不明なリソースタイプ &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ScenarioPicker</name>
    <message>
        <source>Scenarios</source>
        <translation>シナリオ</translation>
    </message>
    <message>
        <source>What it shows</source>
        <translation>何がわかるか</translation>
    </message>
    <message>
        <source>What to take away</source>
        <translation>学べること</translation>
    </message>
    <message>
        <source>Start this scenario</source>
        <translation>このシナリオを開始</translation>
    </message>
    <message>
        <source>(no description)</source>
        <translation>（説明なし）</translation>
    </message>
    <message>
        <source>(no learning goal given)</source>
        <translation>（学習目標の記載なし）</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::SchedulerMenu</name>
    <message>
        <source>S&amp;cheduler</source>
        <translation>スケジューラー(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Load configuration…</source>
        <translation>設定を読み込む(&amp;L)…</translation>
    </message>
    <message>
        <source>Restart kube-scheduler with a KubeSchedulerConfiguration file</source>
        <translation>KubeSchedulerConfiguration ファイルで kube-scheduler を再起動</translation>
    </message>
    <message>
        <source>KubeSchedulerConfiguration</source>
        <translation>KubeSchedulerConfiguration</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML ファイル (*.yaml *.yml);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>NodeResourcesFit scoring</source>
        <translation>NodeResourcesFit のスコアリング</translation>
    </message>
    <message>
        <source>%1 (spread, the default)</source>
        <translation>%1（分散、既定）</translation>
    </message>
    <message>
        <source>%1 (pack)</source>
        <translation>%1（詰め込み）</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 を開けません: %2</translation>
    </message>
    <message>
        <source>NodeResourcesFit scoring %1</source>
        <translation>NodeResourcesFit のスコアリング %1</translation>
    </message>
    <message>
        <source>kube-scheduler restarted with %1</source>
        <translation>kube-scheduler を %1 で再起動しました</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ScoreTableModel</name>
    <message>
        <source>%1  ◀ chosen</source>
        <translation>%1  ◀ 選択</translation>
    </message>
    <message>
        <source>%1 (raw %2)</source>
        <translation>%1（生 %2）</translation>
    </message>
    <message>
        <source>%1 on %2: raw %3, normalized %4, × weight %5 = %6</source>
        <translation>%2 での %1: 生スコア %3、正規化 %4、× 重み %5 = %6</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>TOTAL</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::WhatIfPanel</name>
    <message>
        <source>On the pod</source>
        <translation>Pod 側</translation>
    </message>
    <message>
        <source>On the node</source>
        <translation>ノード側</translation>
    </message>
    <message>
        <source>On the pod and the node</source>
        <translation>Pod とノードの両方</translation>
    </message>
    <message>
        <source>What would make it fit on node</source>
        <translation>このノードに収めるには:</translation>
    </message>
    <message>
        <source>Ask the scheduler</source>
        <translation>スケジューラーに聞く</translation>
    </message>
    <message>
        <source>Asking the scheduler about %1 on %2…</source>
        <translation>%2 上の %1 についてスケジューラーに問い合わせ中…</translation>
    </message>
    <message>
        <source>What-ifs are about the cluster as it is now: go Live to ask.</source>
        <translation>「もしも」は現在のクラスターについての問いです。ライブに戻ってから聞いてください。</translation>
    </message>
    <message>
        <source>Pick a node and ask: the scheduler&apos;s filter plugins work out the smallest change that lets the pod onto it.</source>
        <translation>ノードを選んで聞いてください。スケジューラーの Filter プラグインが、Pod をそのノードに載せられる最小の変更を割り出します。</translation>
    </message>
    <message>
        <source>%1 already fits on %2.</source>
        <translation>%1 はすでに %2 に収まります。</translation>
    </message>
    <message>
        <source>No single change makes %1 fit on %2.</source>
        <translation>1 つの変更だけでは %1 を %2 に収められません。</translation>
    </message>
    <message>
        <source>Each of these makes %1 pass every filter on %2 (checked by re-running the filters):</source>
        <translation>次のどれを行っても、%1 は %2 ですべての Filter を通過します（Filter を再実行して確認済み）:</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>適用</translation>
    </message>
    <message>
        <source>Not fixable by a change:
%1</source>
        <translation>変更では解決できません:
%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: done</source>
        <translation>%1: 完了</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::apply::ApplyDialog</name>
    <message>
        <source>Apply YAML</source>
        <translation>YAML を適用</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>開く…</translation>
    </message>
    <message>
        <source>Add manifest files (YAML or JSON) to the text; several can be chosen.</source>
        <translation>マニフェストファイル（YAML または JSON）をテキストに追加します。複数選択できます。</translation>
    </message>
    <message>
        <source>Default namespace:</source>
        <translation>既定の Namespace:</translation>
    </message>
    <message>
        <source>The namespace of objects that name none, as kubectl&apos;s current context gives it.</source>
        <translation>Namespace を指定していないオブジェクトの Namespace（kubectl の現在のコンテキストが与えるもの）。</translation>
    </message>
    <message>
        <source>Server dry run</source>
        <translation>サーバー側ドライラン</translation>
    </message>
    <message>
        <source>Apply as kubectl apply --dry-run=server: the API server admits and validates every object, nothing is stored.</source>
        <translation>kubectl apply --dry-run=server と同じく適用します: API サーバーはすべてのオブジェクトをアドミッションとバリデーションにかけますが、何も保存しません。</translation>
    </message>
    <message>
        <source>Paste manifests here (documents separated by ---), or open files.</source>
        <translation>ここにマニフェストを貼り付けるか（ドキュメントは --- で区切る）、ファイルを開いてください。</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>ドキュメント</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>オブジェクト</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>No differences.</source>
        <translation>差分はありません。</translation>
    </message>
    <message>
        <source>Diff shows here what applying the text would change: the live objects against a server dry run, as kubectl diff prints it.</source>
        <translation>Diff を押すと、テキストを適用した場合の変更がここに表示されます: 現在のオブジェクトとサーバー側ドライランの比較を、kubectl diff と同じ形式で示します。</translation>
    </message>
    <message>
        <source>What kubectl apply prints, once applied.</source>
        <translation>適用後、kubectl apply が出力する内容。</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>Diff</translation>
    </message>
    <message>
        <source>kubectl output</source>
        <translation>kubectl の出力</translation>
    </message>
    <message>
        <source>What applying would change, without changing anything (kubectl diff) — %1</source>
        <translation>何も変更せずに、適用した場合の変更を表示（kubectl diff）— %1</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>適用</translation>
    </message>
    <message>
        <source>Create or update every object (kubectl apply -f) — %1</source>
        <translation>すべてのオブジェクトを作成または更新（kubectl apply -f）— %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Open manifests</source>
        <translation>マニフェストを開く</translation>
    </message>
    <message>
        <source>Manifests (*.yaml *.yml *.json);;All files (*)</source>
        <translation>マニフェスト (*.yaml *.yml *.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 を開きました。</translation>
    </message>
    <message>
        <source>%1, items[%2]</source>
        <translation>%1、items[%2]</translation>
    </message>
    <message>
        <source>%1 · line %2</source>
        <translation>%1 · %2 行目</translation>
    </message>
    <message>
        <source>waiting…</source>
        <translation>待機中…</translation>
    </message>
    <message>
        <source>Diffing %1 objects…</source>
        <translation>%1 個のオブジェクトの差分を取得中…</translation>
    </message>
    <message>
        <source>Applying %1 objects…</source>
        <translation>%1 個のオブジェクトを適用中…</translation>
    </message>
    <message>
        <source>would be created (%1)</source>
        <translation>作成される（%1）</translation>
    </message>
    <message>
        <source>would change (%1)</source>
        <translation>変更される（%1）</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>変更なし</translation>
    </message>
    <message>
        <source>Diffing %1 of %2…</source>
        <translation>差分を取得中 %1 / %2…</translation>
    </message>
    <message>
        <source>Applying %1 of %2…</source>
        <translation>適用中 %1 / %2…</translation>
    </message>
    <message>
        <source>%1 to create</source>
        <translation>作成 %1</translation>
    </message>
    <message>
        <source>%1 to change</source>
        <translation>変更 %1</translation>
    </message>
    <message>
        <source>%1 without changes</source>
        <translation>変更なし %1</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>失敗 %1</translation>
    </message>
    <message>
        <source>Diff (server dry run): %1.</source>
        <translation>Diff（サーバー側ドライラン）: %1。</translation>
    </message>
    <message>
        <source>%1 created</source>
        <translation>作成 %1</translation>
    </message>
    <message>
        <source>%1 configured</source>
        <translation>構成 %1</translation>
    </message>
    <message>
        <source>%1 unchanged</source>
        <translation>変更なし %1</translation>
    </message>
    <message>
        <source>Applied (server dry run): %1.</source>
        <translation>適用しました（サーバー側ドライラン）: %1。</translation>
    </message>
    <message>
        <source>Applied: %1.</source>
        <translation>適用しました: %1。</translation>
    </message>
    <message>
        <source>Nothing here can be applied: %1</source>
        <translation>ここには適用できるものがありません: %1</translation>
    </message>
    <message>
        <source>%1 of %2 objects cannot be applied: %3</source>
        <translation>%2 個のオブジェクトのうち %1 個は適用できません: %3</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::clusterview::ClusterView</name>
    <message>
        <source>Cluster view</source>
        <translation>クラスタービュー</translation>
    </message>
    <message>
        <source>No nodes at this moment</source>
        <translation>この時点ではノードがありません</translation>
    </message>
    <message>
        <source>Why not on %1? %2</source>
        <translation>なぜ %1 に載らない？ %2</translation>
    </message>
    <message>
        <source>Drop %1 on a node to ask why it is not there</source>
        <translation>%1 をノードにドロップすると、そこにない理由を確かめられます</translation>
    </message>
    <message>
        <source>Waiting for the control plane&apos;s nodes…</source>
        <translation>コントロールプレーンのノードを待っています…</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::FieldTable</name>
    <message>
        <source>Term</source>
        <translation>項</translation>
    </message>
    <message>
        <source>Add expression</source>
        <translation>式を追加</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Add term</source>
        <translation>項を追加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>行を削除</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::ObjectDraft</name>
    <message>
        <source>the editor holds one object: expected one YAML document with a mapping</source>
        <translation>エディターが扱うのは 1 つのオブジェクトです: マッピングを持つ YAML ドキュメントが 1 つ必要です</translation>
    </message>
    <message>
        <source>kind: the editor holds a %1; create other kinds with Apply YAML</source>
        <translation>kind: エディターが扱っているのは %1 です。ほかの kind は Apply YAML で作成してください</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::ObjectEditor</name>
    <message>
        <source>New</source>
        <translation>新規</translation>
    </message>
    <message>
        <source>Reload (discard my edits)</source>
        <translation>再読み込み（編集を破棄）</translation>
    </message>
    <message>
        <source>Merge my edits onto the latest</source>
        <translation>編集内容を最新版にマージ</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>フォーム</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Cordon</source>
        <translation>Cordon</translation>
    </message>
    <message>
        <source>Drain</source>
        <translation>Drain</translation>
    </message>
    <message>
        <source>kubectl drain --ignore-daemonsets --delete-emptydir-data --force: cordon the node, then evict its pods</source>
        <translation>kubectl drain --ignore-daemonsets --delete-emptydir-data --force: ノードを cordon してから、その Pod を退避（evict）します</translation>
    </message>
    <message>
        <source>Fail node</source>
        <translation>ノードを障害に</translation>
    </message>
    <message>
        <source>The machine stops: its kubelet posts no more status (the node lifecycle controller notices)</source>
        <translation>マシンが停止し、kubelet がステータスを送らなくなります（ノードライフサイクルコントローラーが検知します）</translation>
    </message>
    <message>
        <source>Recover node</source>
        <translation>ノードを復旧</translation>
    </message>
    <message>
        <source>Evict</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>置き換え</translation>
    </message>
    <message>
        <source>kubectl replace --force: delete the pod, then create it as edited (most of a pod&apos;s spec cannot be updated)</source>
        <translation>kubectl replace --force: Pod を削除し、編集したとおりに作り直します（Pod の spec の大部分は更新できないため）</translation>
    </message>
    <message>
        <source>Edit owner</source>
        <translation>オーナーを編集</translation>
    </message>
    <message>
        <source>Open the Deployment or ReplicaSet that made this pod (scale it, roll out a new image)</source>
        <translation>この Pod を作成した Deployment または ReplicaSet を開きます（スケール、新しいイメージのロールアウト）</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>適用</translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>ドライラン</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Nothing to edit</source>
        <translation>編集対象がありません</translation>
    </message>
    <message>
        <source>New %1 %2</source>
        <translation>新規 %1 %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Read-only: the views show a past moment. Go Live to edit.</source>
        <translation>読み取り専用: ビューは過去の時点を表示しています。編集するにはライブに戻ってください。</translation>
    </message>
    <message>
        <source>This object was deleted.</source>
        <translation>このオブジェクトは削除されました。</translation>
    </message>
    <message>
        <source>The object changed since you opened it (applying will report a Conflict).</source>
        <translation>開いた後にオブジェクトが変更されました（適用すると Conflict が報告されます）。</translation>
    </message>
    <message>
        <source>Not created yet: Apply creates it.</source>
        <translation>まだ作成されていません: 適用すると作成されます。</translation>
    </message>
    <message>
        <source>Unsaved changes (resourceVersion %1).</source>
        <translation>未保存の変更あり（resourceVersion %1）</translation>
    </message>
    <message>
        <source>As stored (resourceVersion %1).</source>
        <translation>保存済みのまま（resourceVersion %1）</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上で %1</translation>
    </message>
    <message>
        <source>%1, not scheduled</source>
        <translation>%1、未割り当て</translation>
    </message>
    <message>
        <source>Uncordon</source>
        <translation>Uncordon</translation>
    </message>
    <message>
        <source>Conflict: %1
Reload to start again from the latest version, or merge your edits onto it and check them before applying again.</source>
        <translation>Conflict: %1
再読み込みして最新版からやり直すか、編集内容を最新版にマージし、確認してからもう一度適用してください。</translation>
    </message>
    <message>
        <source>Reloaded: resourceVersion %1</source>
        <translation>再読み込みしました: resourceVersion %1</translation>
    </message>
    <message>
        <source>Your edits were merged onto resourceVersion %1: check them, then Apply.</source>
        <translation>編集内容を resourceVersion %1 にマージしました。確認してから適用してください。</translation>
    </message>
    <message>
        <source>Delete %1?</source>
        <translation>%1 を削除しますか？</translation>
    </message>
    <message>
        <source>node/%1 failed: its kubelet stopped</source>
        <translation>node/%1 が障害状態になりました: kubelet が停止しました</translation>
    </message>
    <message>
        <source>node/%1 recovered: its kubelet runs again</source>
        <translation>node/%1 が復旧しました: kubelet が再び動いています</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::ObjectForm</name>
    <message>
        <source>Select a node or a pod (or create an object) to edit it.</source>
        <translation>編集するノードか Pod を選択してください（またはオブジェクトを新規作成）。</translation>
    </message>
    <message>
        <source>%1 has no form: edit it in the YAML view.</source>
        <translation>%1 にはフォームがありません: YAML ビューで編集してください。</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::YamlView</name>
    <message>
        <source>line %1: </source>
        <translation>%1 行目: </translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::journey::JourneyModel</name>
    <message>
        <source>last: %1</source>
        <translation>直近: %1</translation>
    </message>
    <message>
        <source>its node</source>
        <translation>そのノード</translation>
    </message>
    <message>
        <source>POST pod %1</source>
        <translation>POST pod %1</translation>
    </message>
    <message>
        <source>%1 creates %2</source>
        <translation>%1 が %2 を作成</translation>
    </message>
    <message numerus="yes">
        <source>%n pods waiting</source>
        <translation>
            <numerusform>Pod %n 個が待機中</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>%1 が待機中</translation>
    </message>
    <message>
        <source>filtering %1</source>
        <translation>%1 をフィルタリング中</translation>
    </message>
    <message>
        <source>admitting %1 on %2</source>
        <translation>%2 で %1 をアドミッション中</translation>
    </message>
    <message>
        <source>creating the sandbox of %1</source>
        <translation>%1 のサンドボックスを作成中</translation>
    </message>
    <message>
        <source>pulling the image of %1</source>
        <translation>%1 のイメージをプル中</translation>
    </message>
    <message>
        <source>pulling %1</source>
        <translation>%1 をプル中</translation>
    </message>
    <message>
        <source>starting the containers of %1</source>
        <translation>%1 のコンテナを起動中</translation>
    </message>
    <message>
        <source>probing %1</source>
        <translation>%1 をプローブ中</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 · %2: %3</source>
        <translation>%1 · %2: %3</translation>
    </message>
    <message>
        <source>%1: no node fits</source>
        <translation>%1: 収まるノードがありません</translation>
    </message>
    <message numerus="yes">
        <source>filtering %1 against %n node(s)</source>
        <translation>
            <numerusform>%1 を %n 台のノードでフィルタリング中</numerusform>
        </translation>
    </message>
    <message>
        <source>scoring nodes for %1: %2 wins</source>
        <translation>%1 のノードを採点中: %2 が勝ち</translation>
    </message>
    <message>
        <source>%1 rejected by %2</source>
        <translation>%1 は %2 に拒否されました</translation>
    </message>
    <message>
        <source>no sandbox for %1</source>
        <translation>%1 のサンドボックスを作れません</translation>
    </message>
    <message>
        <source>%1 gets IP %2</source>
        <translation>%1 に IP %2 を割り当て</translation>
    </message>
    <message>
        <source>%1 already on %2</source>
        <translation>%1 は %2 に取得済み</translation>
    </message>
    <message>
        <source>pulled %1</source>
        <translation>%1 をプル済み</translation>
    </message>
    <message>
        <source>started %1 in %2</source>
        <translation>%2 で %1 を起動</translation>
    </message>
    <message>
        <source>%1 Running, probing</source>
        <translation>%1 は Running、プローブ中</translation>
    </message>
    <message>
        <source>%1 Ready on %2</source>
        <translation>%1 が %2 で Ready</translation>
    </message>
    <message>
        <source>binding %1 to %2</source>
        <translation>%1 を %2 にバインド中</translation>
    </message>
</context>
</TS>
