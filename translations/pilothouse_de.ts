<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AccessReview</name>
    <message>
        <source>Forbidden: %1</source>
        <translation>Nicht erlaubt: %1</translation>
    </message>
</context>
<context>
    <name>BackdropItem</name>
    <message>
        <source>a pod, in its owner&apos;s colour</source>
        <translation>ein Pod, in der Farbe seines Eigentümers</translation>
    </message>
    <message>
        <source>held by a failed step</source>
        <translation>durch einen Fehler blockiert</translation>
    </message>
    <message>
        <source>selected (click a pod)</source>
        <translation>ausgewählt (Pod anklicken)</translation>
    </message>
    <message>
        <source>being deleted</source>
        <translation>wird gelöscht</translation>
    </message>
    <message>
        <source>watch: pulses as events are delivered</source>
        <translation>Watch: pulsiert bei jedem Event</translation>
    </message>
    <message>
        <source>observed: from the cluster&apos;s records; dashed: not recorded</source>
        <translation>beobachtet: aus den Aufzeichnungen des Clusters; gestrichelt: nicht aufgezeichnet</translation>
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
        <translation>CPU: angefordert vs. zuweisbar</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>Kerne</translation>
    </message>
    <message>
        <source>allocatable</source>
        <translation>zuweisbar</translation>
    </message>
    <message>
        <source>requested</source>
        <translation>angefordert</translation>
    </message>
    <message>
        <source>Memory: requested vs allocatable</source>
        <translation>Arbeitsspeicher: angefordert vs. zuweisbar</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>Pending pods and the scheduling queue</source>
        <translation>Wartende Pods und die Scheduling-Queue</translation>
    </message>
    <message>
        <source>pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <source>Pending pods</source>
        <translation>Pending-Pods</translation>
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
        <translation>Scheduling-Latenz: von der Queue bis zur Zuweisung</translation>
    </message>
    <message>
        <source>%1, last minute</source>
        <translation>%1, letzte Minute</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Pod startup latency: created to running</source>
        <translation>Pod-Startlatenz: von der Erstellung bis Running</translation>
    </message>
    <message>
        <source>%1 (image pulls excluded), last minute</source>
        <translation>%1 (ohne Image-Pulls), letzte Minute</translation>
    </message>
    <message>
        <source>Scheduling attempts by result</source>
        <translation>Scheduling-Versuche nach Ergebnis</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>Versuche</translation>
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
        <translation>CPU angefordert</translation>
    </message>
    <message>
        <source>memory requested</source>
        <translation>Speicher angefordert</translation>
    </message>
    <message>
        <source>pods</source>
        <translation>Pods</translation>
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
        <translation>Keine Pods</translation>
    </message>
    <message>
        <source>Pods · %1</source>
        <translation>Pods · %1</translation>
    </message>
    <message>
        <source>role: %1</source>
        <translation>Rolle: %1</translation>
    </message>
    <message>
        <source>region: %1</source>
        <translation>Region: %1</translation>
    </message>
    <message>
        <source>zone: %1</source>
        <translation>Zone: %1</translation>
    </message>
    <message>
        <source>instance: %1</source>
        <translation>Instanz: %1</translation>
    </message>
    <message>
        <source>hostname: %1</source>
        <translation>Hostname: %1</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>mem</source>
        <translation>RAM</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Pending: no pod is waiting for a node</source>
        <translation>Pending: kein Pod wartet auf einen Node</translation>
    </message>
    <message>
        <source>Pending: 1 pod without a node</source>
        <translation>Pending: 1 Pod ohne Node</translation>
    </message>
    <message>
        <source>Pending: %1 pods without a node</source>
        <translation>Pending: %1 Pods ohne Node</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1 von %2 (%3)</translation>
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
        <translation>Taints</translation>
    </message>
    <message>
        <source>&amp;lt;none&amp;gt;</source>
        <translation>&amp;lt;none&amp;gt;</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>finished pods</source>
        <translation>beendete Pods</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anforderungen</translation>
    </message>
    <message>
        <source>cpu %1, memory %2</source>
        <translation>CPU %1, Speicher %2</translation>
    </message>
    <message>
        <source>Controlled by</source>
        <translation>Gesteuert von</translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation>PriorityClass</translation>
    </message>
    <message>
        <source>QoS class</source>
        <translation>QoS-Klasse</translation>
    </message>
    <message>
        <source>PodScheduled</source>
        <translation>PodScheduled</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>Karten</translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation>Kacheln</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>Heatmap</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>Farbe:</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>RAM</translation>
    </message>
    <message>
        <source>requested / allocatable</source>
        <translation>angefordert / zuweisbar</translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation>NotReady</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 Node</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 Nodes</translation>
    </message>
    <message>
        <source> · %1 pods · %2 pending</source>
        <translation> · %1 Pods · %2 wartend</translation>
    </message>
    <message>
        <source> · %1 NotReady</source>
        <translation> · %1 NotReady</translation>
    </message>
    <message>
        <source> · %1 SchedulingDisabled</source>
        <translation> · %1 SchedulingDisabled</translation>
    </message>
    <message>
        <source>%1 · Ctrl+wheel or +/− to zoom, 0 to fit</source>
        <translation>%1 · Strg+Mausrad oder +/− zum Zoomen, 0 zum Einpassen</translation>
    </message>
    <message>
        <source> · the cluster as it was at revision %1</source>
        <translation> · der Cluster, wie er bei Revision %1 war</translation>
    </message>
    <message>
        <source>Pending: waiting for the control plane&apos;s pods</source>
        <translation>Pending: warte auf die Pods der Control Plane</translation>
    </message>
    <message>
        <source>Waiting for the control plane&apos;s nodes and pods…</source>
        <translation>Warte auf die Nodes und Pods der Control Plane…</translation>
    </message>
    <message>
        <source>Pending: %1</source>
        <translation>Pending: %1</translation>
    </message>
    <message>
        <source> · %1 pending</source>
        <translation> · %1 Pending</translation>
    </message>
</context>
<context>
    <name>CountBadgeItem</name>
    <message numerus="yes">
        <source>%n pods</source>
        <translation>
            <numerusform>%n Pod</numerusform>
            <numerusform>%n Pods</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failing</source>
        <translation>
            <numerusform>%n fehlerhaft</numerusform>
            <numerusform>%n fehlerhaft</numerusform>
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
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>JourneyGanttView</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>JourneyLayout</name>
    <message>
        <source>API server</source>
        <translation>API-Server</translation>
    </message>
    <message>
        <source>kube-apiserver</source>
        <translation>kube-apiserver</translation>
    </message>
    <message>
        <source>scheduler</source>
        <translation>Scheduler</translation>
    </message>
    <message>
        <source>kube-scheduler</source>
        <translation>kube-scheduler</translation>
    </message>
    <message>
        <source>scheduling queue</source>
        <translation>Scheduling-Queue</translation>
    </message>
    <message>
        <source>kubelet</source>
        <translation>kubelet</translation>
    </message>
    <message>
        <source>on the pod&apos;s node</source>
        <translation>auf dem Node des Pods</translation>
    </message>
    <message>
        <source>clients</source>
        <translation>Clients</translation>
    </message>
    <message>
        <source>store</source>
        <translation>Speicher</translation>
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
        <translation>Watch → Scheduler</translation>
    </message>
    <message>
        <source>watch → kubelets</source>
        <translation>Watch → kubelets</translation>
    </message>
    <message>
        <source>watch → controllers</source>
        <translation>Watch → Controller</translation>
    </message>
</context>
<context>
    <name>LiveConnection</name>
    <message>
        <source>%1 in namespace %2</source>
        <translation>%1 im Namespace %2</translation>
    </message>
    <message>
        <source>Send this change to the real cluster?

%1

Context: %2</source>
        <translation>Diese Änderung an den echten Cluster senden?

%1

Kontext: %2</translation>
    </message>
    <message>
        <source>Change the cluster</source>
        <translation>Cluster ändern</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>ObjectForm</name>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Metadaten</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>Containers</source>
        <translation>Container</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <source>CPU request</source>
        <translation>CPU-Anforderung</translation>
    </message>
    <message>
        <source>Memory request</source>
        <translation>Speicheranforderung</translation>
    </message>
    <message>
        <source>CPU limit</source>
        <translation>CPU-Limit</translation>
    </message>
    <message>
        <source>Memory limit</source>
        <translation>Speicherlimit</translation>
    </message>
    <message>
        <source>Scheduling</source>
        <translation>Scheduling</translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation>PriorityClass</translation>
    </message>
    <message>
        <source>Scheduler name</source>
        <translation>Scheduler-Name</translation>
    </message>
    <message>
        <source>Node name (bypasses the scheduler)</source>
        <translation>Node-Name (umgeht den Scheduler)</translation>
    </message>
    <message>
        <source>Node selector</source>
        <translation>Node-Selektor</translation>
    </message>
    <message>
        <source>Tolerations</source>
        <translation>Tolerations</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>Effekt</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Scheduling gates</source>
        <translation>Scheduling-Gates</translation>
    </message>
    <message>
        <source>Node affinity</source>
        <translation>Node-Affinität</translation>
    </message>
    <message>
        <source>Required (terms are ORed, expressions ANDed)</source>
        <translation>Erforderlich (Terme ODER-verknüpft, Ausdrücke UND-verknüpft)</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source>Preferred</source>
        <translation>Bevorzugt</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Gewichtung</translation>
    </message>
    <message>
        <source>Pod affinity</source>
        <translation>Pod-Affinität</translation>
    </message>
    <message>
        <source>Pod anti-affinity</source>
        <translation>Pod-Anti-Affinität</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Erforderlich</translation>
    </message>
    <message>
        <source>Topology key</source>
        <translation>Topologie-Schlüssel</translation>
    </message>
    <message>
        <source>Pods with labels</source>
        <translation>Pods mit Labels</translation>
    </message>
    <message>
        <source>Namespaces</source>
        <translation>Namespaces</translation>
    </message>
    <message>
        <source>Topology spread</source>
        <translation>Topologie-Verteilung</translation>
    </message>
    <message>
        <source>Constraints</source>
        <translation>Constraints</translation>
    </message>
    <message>
        <source>Max skew</source>
        <translation>Max. Skew</translation>
    </message>
    <message>
        <source>When unsatisfiable</source>
        <translation>Wenn nicht erfüllbar</translation>
    </message>
    <message>
        <source>Min domains</source>
        <translation>Min. Domänen</translation>
    </message>
    <message>
        <source>Unschedulable (cordoned)</source>
        <translation>Nicht planbar (cordoned)</translation>
    </message>
    <message>
        <source>Taints</source>
        <translation>Taints</translation>
    </message>
    <message>
        <source>Resources (status)</source>
        <translation>Ressourcen (Status)</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Allocatable</source>
        <translation>Zuweisbar</translation>
    </message>
    <message>
        <source>Images present</source>
        <translation>Vorhandene Images</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>Namen</translation>
    </message>
    <message>
        <source>Size (bytes)</source>
        <translation>Größe (Bytes)</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>Replicas</translation>
    </message>
    <message>
        <source>Selector</source>
        <translation>Selektor</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>Pod template</source>
        <translation>Pod-Template</translation>
    </message>
    <message>
        <source>Pod labels</source>
        <translation>Pod-Labels</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Service</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>Ports</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Target port</source>
        <translation>Zielport</translation>
    </message>
    <message>
        <source>Node port</source>
        <translation>Node-Port</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Global default</source>
        <translation>Globaler Standard</translation>
    </message>
    <message>
        <source>Preemption policy</source>
        <translation>Preemption-Richtlinie</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
</context>
<context>
    <name>ObjectTreeModel</name>
    <message>
        <source>1 field</source>
        <translation>1 Feld</translation>
    </message>
    <message>
        <source>%1 fields</source>
        <translation>%1 Felder</translation>
    </message>
    <message>
        <source>1 item</source>
        <translation>1 Eintrag</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>%1 Einträge</translation>
    </message>
</context>
<context>
    <name>PhraseText</name>
    <message>
        <source>user %1</source>
        <translation>Benutzer %1</translation>
    </message>
    <message>
        <source>user %1 (groups: %2)</source>
        <translation>Benutzer %1 (Gruppen: %2)</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>erlaubt</translation>
    </message>
    <message>
        <source>applied %1 defaults</source>
        <translation>%1-Standardwerte gesetzt</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>keine Änderung</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>admitted</source>
        <translation>zugelassen</translation>
    </message>
    <message>
        <source>set %1=%2</source>
        <translation>%1=%2 gesetzt</translation>
    </message>
    <message>
        <source>set priorityClassName=%1 (globalDefault)</source>
        <translation>priorityClassName=%1 gesetzt (globalDefault)</translation>
    </message>
    <message>
        <source>set tolerationSeconds=%1 for %2</source>
        <translation>tolerationSeconds=%1 für %2 gesetzt</translation>
    </message>
    <message>
        <source>set %1 (LimitRange %2)</source>
        <translation>%1 gesetzt (LimitRange %2)</translation>
    </message>
    <message>
        <source>quota %1: %2</source>
        <translation>Quota %1: %2</translation>
    </message>
    <message>
        <source>created %1 at revision %2</source>
        <translation>%1 in Revision %2 angelegt</translation>
    </message>
    <message>
        <source>updated %1 at revision %2</source>
        <translation>%1 in Revision %2 aktualisiert</translation>
    </message>
    <message>
        <source>patched %1 at revision %2</source>
        <translation>%1 in Revision %2 gepatcht</translation>
    </message>
    <message>
        <source>deleted %1 at revision %2</source>
        <translation>%1 in Revision %2 gelöscht</translation>
    </message>
    <message>
        <source>read %1 at revision %2</source>
        <translation>%1 in Revision %2 gelesen</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>Node %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 an %2</translation>
    </message>
    <message>
        <source>%1 (already present)</source>
        <translation>%1 (bereits vorhanden)</translation>
    </message>
    <message>
        <source>%1 (restart %2)</source>
        <translation>%1 (Neustart %2)</translation>
    </message>
    <message>
        <source>%1 ready</source>
        <translation>%1 bereit</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>gelöscht</translation>
    </message>
    <message>
        <source>grace %1s</source>
        <translation>Frist %1 s</translation>
    </message>
    <message>
        <source>ready endpoint %1 of service %2 (EndpointSlice %3)</source>
        <translation>bereiter Endpoint %1 von Service %2 (EndpointSlice %3)</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the phrases of one detail</comment>
        <translation>, </translation>
    </message>
    <message>
        <source>authentication</source>
        <translation>Authentifizierung</translation>
    </message>
    <message>
        <source>authorization</source>
        <translation>Autorisierung</translation>
    </message>
    <message>
        <source>mutating admission</source>
        <translation>Mutating Admission</translation>
    </message>
    <message>
        <source>registry</source>
        <translation>Registry</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>Validierung</translation>
    </message>
    <message>
        <source>validating admission</source>
        <translation>Validating Admission</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>Speicherung</translation>
    </message>
    <message>
        <source>scheduling queue</source>
        <translation>Scheduling-Warteschlange</translation>
    </message>
    <message>
        <source>scheduling</source>
        <translation>Scheduling</translation>
    </message>
    <message>
        <source>binding</source>
        <translation>Binding</translation>
    </message>
    <message>
        <source>kubelet admission</source>
        <translation>Kubelet-Admission</translation>
    </message>
    <message>
        <source>image pull</source>
        <translation>Image-Pull</translation>
    </message>
    <message>
        <source>sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>containers</source>
        <translation>Container</translation>
    </message>
    <message>
        <source>probes</source>
        <translation>Probes</translation>
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
        <translation>Endpunkte</translation>
    </message>
    <message>
        <source>termination</source>
        <translation>Beendigung</translation>
    </message>
</context>
<context>
    <name>StationItem</name>
    <message>
        <source>%1 failed</source>
        <translation>%1 Fehler</translation>
    </message>
    <message>
        <source>%1 passed</source>
        <extracomment>Station counters: pods that went through, pods there now, failed steps.</extracomment>
        <translation>%1 passiert</translation>
    </message>
    <message>
        <source>%1 here</source>
        <translation>%1 hier</translation>
    </message>
    <message>
        <source>%1: not recorded by the cluster</source>
        <extracomment>A station of an observed journey the cluster kept no record of: &quot;web-1: not recorded&quot;.</extracomment>
        <translation>%1: vom Cluster nicht aufgezeichnet</translation>
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
        <translation>Controller</translation>
    </message>
    <message>
        <source>authentication</source>
        <translation>Authentifizierung</translation>
    </message>
    <message>
        <source>authorization</source>
        <translation>Autorisierung</translation>
    </message>
    <message>
        <source>mutating admission</source>
        <translation>Mutating Admission</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>Validierung</translation>
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
        <translation>Admission</translation>
    </message>
    <message>
        <source>sandbox &amp; IP</source>
        <translation>Sandbox &amp; IP</translation>
    </message>
    <message>
        <source>image pull</source>
        <translation>Image-Pull</translation>
    </message>
    <message>
        <source>containers</source>
        <translation>Container</translation>
    </message>
    <message>
        <source>probes</source>
        <translation>Probes</translation>
    </message>
    <message>
        <source>Running/Ready</source>
        <translation>Running/Ready</translation>
    </message>
    <message>
        <source>endpoints</source>
        <translation>Endpoints</translation>
    </message>
</context>
<context>
    <name>ValueText</name>
    <message>
        <source>expected a whole number, got &quot;%1&quot;</source>
        <translation>eine ganze Zahl erwartet, &quot;%1&quot; erhalten</translation>
    </message>
    <message>
        <source>expected key=value pairs separated by commas, got &quot;%1&quot;</source>
        <translation>durch Kommas getrennte Paare key=value erwartet, &quot;%1&quot; erhalten</translation>
    </message>
</context>
<context>
    <name>WatchArrowItem</name>
    <message>
        <source>%1 events</source>
        <translation>%1 Events</translation>
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
        <translation>Pod-Template von Deployment %1</translation>
    </message>
    <message>
        <source>replicaset %1&apos;s pod template</source>
        <translation>Pod-Template von ReplicaSet %1</translation>
    </message>
    <message>
        <source>replicationcontroller %1&apos;s pod template</source>
        <translation>Pod-Template von ReplicationController %1</translation>
    </message>
    <message>
        <source>Add toleration %1 to %2</source>
        <translation>Toleration %1 zu %2 hinzufügen</translation>
    </message>
    <message>
        <source>Remove taint %1 from node %2</source>
        <translation>Taint %1 von Node %2 entfernen</translation>
    </message>
    <message>
        <source>Uncordon node %1</source>
        <translation>Node %1 entsperren (uncordon)</translation>
    </message>
    <message>
        <source>Remove nodeSelector %1 from %2</source>
        <translation>nodeSelector %1 aus %2 entfernen</translation>
    </message>
    <message>
        <source>Remove required node affinity from %1</source>
        <translation>Erforderliche Node-Affinität aus %1 entfernen</translation>
    </message>
    <message>
        <source>Remove node affinity requirement %1 from %2</source>
        <translation>Node-Affinitätsanforderung %1 aus %2 entfernen</translation>
    </message>
    <message>
        <source>Remove node affinity requirements %1 from %2</source>
        <translation>Node-Affinitätsanforderungen %1 aus %2 entfernen</translation>
    </message>
    <message>
        <source>Set label %1 on node %2</source>
        <translation>Label %1 auf Node %2 setzen</translation>
    </message>
    <message>
        <source>Remove label %1 from node %2</source>
        <translation>Label %1 von Node %2 entfernen</translation>
    </message>
    <message>
        <source>Lower %1&apos;s %2 request from %3 to %4</source>
        <translation>%2-Request von %1 von %3 auf %4 senken</translation>
    </message>
    <message>
        <source>Evict pod %1 (priority %2) from node %3</source>
        <translation>Pod %1 (Priorität %2) von Node %3 verdrängen (evict)</translation>
    </message>
    <message>
        <source>Remove required pod affinity term (%1) from %2</source>
        <translation>Erforderlichen Pod-Affinitätsterm (%1) aus %2 entfernen</translation>
    </message>
    <message>
        <source>Remove required pod anti-affinity term (%1) from %2</source>
        <translation>Erforderlichen Pod-Anti-Affinitätsterm (%1) aus %2 entfernen</translation>
    </message>
    <message>
        <source>the pod already passes every filter on node %1</source>
        <translation>der Pod besteht bereits jeden Filter auf Node %1</translation>
    </message>
    <message>
        <source>the changes found leave node %1 rejecting the pod</source>
        <translation>auch nach den gefundenen Änderungen lehnt Node %1 den Pod ab</translation>
    </message>
    <message>
        <source>node %1 would still reject the pod (%2)</source>
        <translation>Node %1 würde den Pod weiterhin ablehnen (%2)</translation>
    </message>
    <message>
        <source>unknown reason &quot;%1&quot;</source>
        <translation>unbekannter Grund &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not something a what-if changes</source>
        <translation>&quot;%1&quot; lässt sich durch kein Was-wäre-wenn ändern</translation>
    </message>
    <message>
        <source>the node lifecycle controller puts taint %1 back on node %2 for as long as the node&apos;s condition lasts</source>
        <translation>der Node-Lifecycle-Controller setzt Taint %1 wieder auf Node %2, solange die Condition des Nodes anhält</translation>
    </message>
    <message>
        <source>the scheduler profile&apos;s NodeAffinity addedAffinity rejects node %1; only the scheduler&apos;s configuration changes that</source>
        <translation>die NodeAffinity-addedAffinity des Scheduler-Profils lehnt Node %1 ab; das ändert nur die Konfiguration des Schedulers</translation>
    </message>
    <message>
        <source>no required node-affinity term of the pod can be met by labels on node %1 (a term asks for contradictory values, the nodeSelector&apos;s, or the node&apos;s name)</source>
        <translation>kein erforderlicher Node-Affinitätsterm des Pods lässt sich durch Labels auf Node %1 erfüllen (ein Term verlangt widersprüchliche Werte, die des nodeSelectors oder den Namen des Nodes)</translation>
    </message>
    <message>
        <source>node %1 already runs as many pods as it allows (%2)</source>
        <translation>auf Node %1 laufen bereits so viele Pods, wie er zulässt (%2)</translation>
    </message>
    <message>
        <source>node %1 has no %2 left (%3 of %4 requested)</source>
        <translation>Node %1 hat kein %2 mehr frei (%3 von %4 angefordert)</translation>
    </message>
    <message>
        <source>the pod&apos;s overhead alone needs more %1 than node %2 has free</source>
        <translation>schon der Overhead des Pods braucht mehr %1, als Node %2 frei hat</translation>
    </message>
    <message>
        <source>node %1 runs no pod of lower priority than the pod&apos;s (%2)</source>
        <translation>auf Node %1 läuft kein Pod mit niedrigerer Priorität als der des Pods (%2)</translation>
    </message>
    <message>
        <source>evicting every pod of lower priority than the pod&apos;s (%1) on node %2 would not free enough %3</source>
        <translation>alle Pods mit niedrigerer Priorität als der des Pods (%1) auf Node %2 zu verdrängen, würde nicht genug %3 freigeben</translation>
    </message>
    <message>
        <source>the pod&apos;s host ports are how it is reached; a what-if does not change them</source>
        <translation>über seine Host-Ports ist der Pod erreichbar; ein Was-wäre-wenn ändert sie nicht</translation>
    </message>
    <message>
        <source>the pod&apos;s affinity does not parse: %1</source>
        <translation>die Affinität des Pods lässt sich nicht parsen: %1</translation>
    </message>
    <message>
        <source>the anti-affinity that keeps the pod away is other pods&apos; rule, not the pod&apos;s</source>
        <translation>die Anti-Affinität, die den Pod fernhält, ist eine Regel anderer Pods, nicht die des Pods</translation>
    </message>
    <message>
        <source>the pod&apos;s required pod affinity needs a matching pod in node %1&apos;s topology domain; placing other pods there is not one change</source>
        <translation>die erforderliche Pod-Affinität des Pods verlangt einen passenden Pod in der Topologiedomäne von Node %1; andere Pods dorthin zu setzen ist keine einzelne Änderung</translation>
    </message>
    <message>
        <source>the node lacks a topologyKey label of the pod&apos;s topology spread constraints; a label would put it in a domain whose count decides, not one change</source>
        <translation>dem Node fehlt ein topologyKey-Label der Topology Spread Constraints des Pods; ein Label würde ihn in eine Domäne setzen, deren Anzahl entscheidet – keine einzelne Änderung</translation>
    </message>
    <message>
        <source>the skew depends on where the other pods matching the pod&apos;s topology spread constraints run; no single change to the pod or to this node evens it out</source>
        <translation>der Skew hängt davon ab, wo die anderen Pods laufen, die zu den Topology Spread Constraints des Pods passen; keine einzelne Änderung am Pod oder an diesem Node gleicht ihn aus</translation>
    </message>
    <message>
        <source>where the pod&apos;s volumes are and can attach is not something a what-if changes</source>
        <translation>wo die Volumes des Pods liegen und angebunden werden können, ändert kein Was-wäre-wenn</translation>
    </message>
    <message>
        <source>the pod asks for another node by spec.nodeName</source>
        <translation>der Pod verlangt per spec.nodeName einen anderen Node</translation>
    </message>
    <message>
        <source>no what-if for %1 (%2)</source>
        <translation>kein Was-wäre-wenn für %1 (%2)</translation>
    </message>
    <message>
        <source>the pod&apos;s %1 %2 is not among the objects</source>
        <translation>%1 %2 des Pods ist nicht unter den Objekten</translation>
    </message>
    <message>
        <source>the pod&apos;s %1 %2 is managed by %3 %4, which no what-if changes</source>
        <translation>%1 %2 des Pods wird von %3 %4 verwaltet, das kein Was-wäre-wenn ändert</translation>
    </message>
    <message>
        <source>the pod belongs to job %1, whose pod template cannot be changed (spec.template is immutable)</source>
        <translation>der Pod gehört zu Job %1, dessen Pod-Template sich nicht ändern lässt (spec.template ist unveränderlich)</translation>
    </message>
    <message>
        <source>the pod belongs to statefulset %1, which rolls a changed template out one ordinal at a time (not one change to this pod)</source>
        <translation>der Pod gehört zu StatefulSet %1, das ein geändertes Template Ordinalzahl für Ordinalzahl ausrollt (keine einzelne Änderung an diesem Pod)</translation>
    </message>
    <message>
        <source>the pod belongs to daemonset %1, which makes one pod for each node it selects</source>
        <translation>der Pod gehört zu DaemonSet %1, das für jeden ausgewählten Node einen Pod erzeugt</translation>
    </message>
    <message>
        <source>the pod belongs to %1 %2, which no what-if changes</source>
        <translation>der Pod gehört zu %1 %2, das kein Was-wäre-wenn ändert</translation>
    </message>
    <message>
        <source>dropped &quot;%1&quot;: %2</source>
        <translation>&quot;%1&quot; verworfen: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (pod side): %2</source>
        <translation>%1 (Pod-Seite): %2</translation>
    </message>
    <message>
        <source>%1 (node side): %2</source>
        <translation>%1 (Node-Seite): %2</translation>
    </message>
</context>
<context>
    <name>WindowLayouts</name>
    <message>
        <source>Teach</source>
        <translation>Lehren</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>Fehlersuche</translation>
    </message>
    <message>
        <source>Operate</source>
        <translation>Betrieb</translation>
    </message>
    <message>
        <source>The journey large, the cluster beside it and the timeline (Ctrl+1)</source>
        <translation>Die Reise groß, der Cluster daneben und die Zeitleiste (Strg+1)</translation>
    </message>
    <message>
        <source>The cluster, the explainer and the events: the selected pending pod explained (Ctrl+2)</source>
        <translation>Cluster, Erklärer und Ereignisse: der gewählte wartende Pod erklärt (Strg+2)</translation>
    </message>
    <message>
        <source>The cluster as tiles or a heat map, the charts and the events (Ctrl+3)</source>
        <translation>Der Cluster als Kacheln oder Heatmap, die Diagramme und die Ereignisse (Strg+3)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>A visual explorer of how Kubernetes places and runs pods.</source>
        <translation>Ein visueller Explorer dafür, wie Kubernetes Pods platziert und ausführt.</translation>
    </message>
    <message>
        <source>Store file (default: in memory).</source>
        <translation>Datei des Speichers (Standard: im Arbeitsspeicher).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>DATEI</translation>
    </message>
    <message>
        <source>Scenario to run: a name from resources/scenarios (e.g. node-failure) or a file (default: single-pod-journey).</source>
        <translation>Auszuführendes Szenario: ein Name aus resources/scenarios (z. B. node-failure) oder eine Datei (Standard: single-pod-journey).</translation>
    </message>
    <message>
        <source>NAME|FILE</source>
        <translation>NAME|DATEI</translation>
    </message>
    <message>
        <source>Run the scenario to this virtual time first (e.g. 30s, 2m), as fast as possible.</source>
        <translation>Das Szenario zuerst so schnell wie möglich bis zu dieser virtuellen Zeit ausführen (z. B. 30s, 2m).</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>DAUER</translation>
    </message>
    <message>
        <source>Select this pod (the inspector shows it).</source>
        <translation>Diesen Pod auswählen (der Inspektor zeigt ihn).</translation>
    </message>
    <message>
        <source>NAMESPACE/POD</source>
        <translation>NAMESPACE/POD</translation>
    </message>
    <message>
        <source>Start with the dark palette.</source>
        <translation>Mit der dunklen Farbpalette starten.</translation>
    </message>
    <message>
        <source>Language of the user interface: en, de or ja (default: the one last chosen in View &gt; Language, else the system&apos;s).</source>
        <translation>Sprache der Oberfläche: en, de oder ja (Standard: die zuletzt unter Ansicht &gt; Sprache gewählte, sonst die des Systems).</translation>
    </message>
    <message>
        <source>Write journey.png, cluster.png, inspector.png, explainer.png, what-if.png, events.png, charts.png, pod-editor.png, node-editor.png and window.png into DIR once the views are loaded, then exit.</source>
        <translation>Sobald die Ansichten geladen sind, journey.png, cluster.png, inspector.png, explainer.png, what-if.png, events.png, charts.png, pod-editor.png, node-editor.png und window.png in VERZEICHNIS schreiben und beenden.</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>VERZEICHNIS</translation>
    </message>
    <message>
        <source>Window size (default 1920x1080 for screenshots).</source>
        <translation>Fenstergröße (Standard für Screenshots: 1920x1080).</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>BxH</translation>
    </message>
    <message>
        <source>Start from a real cluster&apos;s snapshot instead of a scenario: the output of kubectl get nodes,pods,priorityclasses -A -o yaml. Repeat it (or name more files after the options) for several files.</source>
        <translation>Statt mit einem Szenario mit dem Snapshot eines echten Clusters beginnen: der Ausgabe von kubectl get nodes,pods,priorityclasses -A -o yaml. Für mehrere Dateien wiederholen (oder weitere Dateien nach den Optionen angeben).</translation>
    </message>
    <message>
        <source>SNAPSHOT.yaml</source>
        <translation>SNAPSHOT.yaml</translation>
    </message>
    <message>
        <source>kube-scheduler&apos;s configuration: a KubeSchedulerConfiguration file (default: the scenario&apos;s, else v1.28&apos;s defaults).</source>
        <translation>Konfiguration von kube-scheduler: eine KubeSchedulerConfiguration-Datei (Standard: die des Szenarios, sonst die Vorgaben von v1.28).</translation>
    </message>
    <message>
        <source>More snapshot files for --open.</source>
        <translation>Weitere Snapshot-Dateien für --open.</translation>
    </message>
    <message>
        <source>Open a workspace saved with File &gt; Save workspace: the cluster at the moment it was saved.</source>
        <translation>Einen mit Datei &gt; Arbeitsbereich speichern gesicherten Arbeitsbereich öffnen: der Cluster im Moment des Speicherns.</translation>
    </message>
    <message>
        <source>Attach to a running pilothouse-server at this address instead of simulating here (its simulation is shared with its other clients).</source>
        <translation>Mit einem laufenden pilothouse-server unter dieser Adresse verbinden, statt hier zu simulieren (seine Simulation teilen sich alle seine Clients).</translation>
    </message>
    <message>
        <source>HOST:PORT</source>
        <translation>HOST:PORT</translation>
    </message>
    <message>
        <source>With --connect: a file holding the bearer token (a line of the server&apos;s --tokens file).</source>
        <translation>Mit --connect: eine Datei mit dem Bearer-Token (eine Zeile aus der --tokens-Datei des Servers).</translation>
    </message>
    <message>
        <source>With --connect: the server speaks TLS, its certificate signed by an authority the system trusts.</source>
        <translation>Mit --connect: der Server spricht TLS, sein Zertifikat ist von einer Stelle signiert, der das System vertraut.</translation>
    </message>
    <message>
        <source>With --connect: the server speaks TLS, its certificate signed by this CA certificate (PEM).</source>
        <translation>Mit --connect: der Server spricht TLS, sein Zertifikat ist von diesem CA-Zertifikat (PEM) signiert.</translation>
    </message>
    <message>
        <source>Also serve the Kubernetes API over HTTPS at this loopback address (e.g. 127.0.0.1:6443), so that kubectl on this machine drives the simulated cluster.</source>
        <translation>Zusätzlich die Kubernetes-API über HTTPS an dieser Loopback-Adresse bereitstellen (z. B. 127.0.0.1:6443), damit kubectl auf diesem Rechner den simulierten Cluster steuert.</translation>
    </message>
    <message>
        <source>With --kube-api-listen: write a kubeconfig for it (its address, the CA of its certificate, context pilothouse) to FILE.</source>
        <translation>Mit --kube-api-listen: eine kubeconfig dafür (Adresse, CA des Zertifikats, Kontext pilothouse) nach FILE schreiben.</translation>
    </message>
    <message>
        <source>Attach to a real Kubernetes cluster through this kubeconfig file, as kubectl would (read-only until you allow changes). --context picks the context; $KUBECONFIG or ~/.kube/config when FILE is &quot;&quot;.</source>
        <translation>Über diese kubeconfig-Datei an einen echten Kubernetes-Cluster anbinden, wie kubectl es täte (nur lesend, bis Sie Änderungen erlauben). --context wählt den Kontext; $KUBECONFIG oder ~/.kube/config, wenn FILE &quot;&quot; ist.</translation>
    </message>
    <message>
        <source>With --kubeconfig: the kubeconfig context to use (default: its current-context).</source>
        <translation>Mit --kubeconfig: der zu verwendende kubeconfig-Kontext (Standard: sein current-context).</translation>
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
        <translation>&amp;Cluster</translation>
    </message>
    <message>
        <source>&amp;Allow changes to this cluster</source>
        <translation>Änderungen an diesem Cluster &amp;erlauben</translation>
    </message>
    <message>
        <source>Off: Pilothouse only reads the cluster. On: cordon, drain, edit, delete and apply are offered, each confirmed before it is sent</source>
        <translation>Aus: Pilothouse liest den Cluster nur. An: Cordon, Drain, Bearbeiten, Löschen und Apply werden angeboten, jeweils vor dem Senden bestätigt</translation>
    </message>
    <message>
        <source>Allow changes</source>
        <translation>Änderungen erlauben</translation>
    </message>
    <message>
        <source>Changes you make from now on are sent to the real cluster &quot;%1&quot; (%2), each after you confirm it.

To try changes without touching the cluster, fork it into a simulation instead.</source>
        <translation>Ihre Änderungen werden ab jetzt an den echten Cluster „%1“ (%2) gesendet, jede nach Ihrer Bestätigung.

Um Änderungen auszuprobieren, ohne den Cluster zu berühren, verzweigen Sie ihn stattdessen in eine Simulation.</translation>
    </message>
    <message>
        <source>&amp;Fork into simulation</source>
        <translation>In Simulation &amp;verzweigen</translation>
    </message>
    <message>
        <source>Copy the cluster as it is now into a simulation in a new window: what-ifs, edits and time travel run on the copy, never on the cluster</source>
        <translation>Den Cluster, wie er jetzt ist, in eine Simulation in einem neuen Fenster kopieren: Was-wäre-wenn, Bearbeitungen und Zeitreisen laufen auf der Kopie, nie auf dem Cluster</translation>
    </message>
    <message>
        <source>What this view cannot see…</source>
        <translation>Was diese Ansicht nicht sieht…</translation>
    </message>
    <message>
        <source>Partial views</source>
        <translation>Unvollständige Ansichten</translation>
    </message>
    <message>
        <source>Every kind is read from the whole cluster.</source>
        <translation>Jede Art wird aus dem ganzen Cluster gelesen.</translation>
    </message>
    <message>
        <source>Cannot fork the cluster: %1</source>
        <translation>Der Cluster kann nicht verzweigt werden: %1</translation>
    </message>
    <message>
        <source>Forked into a simulation: a new window</source>
        <translation>In eine Simulation verzweigt: ein neues Fenster</translation>
    </message>
    <message>
        <source>Forked into a simulation, partly: %1</source>
        <translation>Teilweise in eine Simulation verzweigt: %1</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ClusterState</name>
    <message>
        <source>Cannot show the cluster at revision %1: %2</source>
        <translation>Der Cluster kann bei Revision %1 nicht gezeigt werden: %2</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ConnectClusterDialog</name>
    <message>
        <source>Connect to a Kubernetes cluster</source>
        <translation>Mit einem Kubernetes-Cluster verbinden</translation>
    </message>
    <message>
        <source>empty: $KUBECONFIG, else ~/.kube/config (as kubectl)</source>
        <translation>leer: $KUBECONFIG, sonst ~/.kube/config (wie kubectl)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Kubeconfig</source>
        <translation>Kubeconfig</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>&amp;Kubeconfig:</source>
        <translation>&amp;Kubeconfig:</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Zuletzt verwendet</translation>
    </message>
    <message>
        <source>Click to pick it, double-click to connect</source>
        <translation>Klicken zum Auswählen, Doppelklick zum Verbinden</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>default kubeconfig</source>
        <translation>Standard-kubeconfig</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>A new window shows the cluster live, read-only until you allow changes (Cluster menu). Contexts are read as kubectl reads them; one that cannot be used says why.</source>
        <translation>Ein neues Fenster zeigt den Cluster live, nur lesend, bis Sie Änderungen erlauben (Menü Cluster). Kontexte werden gelesen wie von kubectl; ein unbrauchbarer sagt, warum.</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1 (fehlt)</translation>
    </message>
    <message>
        <source>%1 (broken: %2)</source>
        <translation>%1 (fehlerhaft: %2)</translation>
    </message>
    <message>
        <source>No kubeconfig file</source>
        <translation>Keine kubeconfig-Datei</translation>
    </message>
    <message>
        <source>Read: %1</source>
        <translation>Gelesen: %1</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>hidden by the context of the same name in %1</source>
        <translation>verdeckt vom gleichnamigen Kontext in %1</translation>
    </message>
    <message>
        <source>%1 (current)</source>
        <translation>%1 (aktuell)</translation>
    </message>
    <message>
        <source>This context is hidden by an earlier file&apos;s</source>
        <translation>Dieser Kontext wird vom gleichnamigen einer früheren Datei verdeckt</translation>
    </message>
    <message>
        <source>Pick a context first</source>
        <translation>Wählen Sie zuerst einen Kontext</translation>
    </message>
    <message>
        <source>Connecting to %1 (%2)…</source>
        <translation>Verbinde mit %1 (%2)…</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ConnectDialog</name>
    <message>
        <source>Connect to a pilothouse-server</source>
        <translation>Mit einem pilothouse-server verbinden</translation>
    </message>
    <message>
        <source>Where pilothouse-server listens: its --listen address, HOST:PORT</source>
        <translation>Wo pilothouse-server lauscht: seine --listen-Adresse, HOST:PORT</translation>
    </message>
    <message>
        <source>the bearer token from the server&apos;s --tokens file</source>
        <translation>das Bearer-Token aus der --tokens-Datei des Servers</translation>
    </message>
    <message>
        <source>Never stored: the recent connections keep a token file&apos;s name, not a token</source>
        <translation>Wird nie gespeichert: die letzten Verbindungen merken sich den Namen einer Token-Datei, nie ein Token</translation>
    </message>
    <message>
        <source>or a file holding the token</source>
        <translation>oder eine Datei, die das Token enthält</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Token file</source>
        <translation>Token-Datei</translation>
    </message>
    <message>
        <source>Use TLS (the server runs with --tls-cert)</source>
        <translation>TLS verwenden (der Server läuft mit --tls-cert)</translation>
    </message>
    <message>
        <source>empty: the system&apos;s certificate authorities</source>
        <translation>leer: die Zertifizierungsstellen des Systems</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA-Zertifikat</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt);;All files (*)</source>
        <translation>PEM-Dateien (*.pem *.crt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Adresse:</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>&amp;Token:</translation>
    </message>
    <message>
        <source>Token &amp;file:</source>
        <translation>Token-&amp;Datei:</translation>
    </message>
    <message>
        <source>&amp;CA certificate:</source>
        <translation>&amp;CA-Zertifikat:</translation>
    </message>
    <message>
        <source>Recent connections</source>
        <translation>Letzte Verbindungen</translation>
    </message>
    <message>
        <source>Click to fill in the fields, double-click to connect</source>
        <translation>Klicken füllt die Felder aus, Doppelklick verbindet</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>A new window shows the server&apos;s cluster. Its simulation runs there, shared with everyone connected: play, pause and rewind are theirs too.</source>
        <translation>Ein neues Fenster zeigt den Cluster des Servers. Seine Simulation läuft dort und gehört allen Verbundenen: Abspielen, Pausieren und Zurückspulen betrifft auch sie.</translation>
    </message>
    <message>
        <source>Give the server&apos;s address, HOST:PORT (e.g. 127.0.0.1:7443).</source>
        <translation>Geben Sie die Adresse des Servers an, HOST:PORT (z. B. 127.0.0.1:7443).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an address: write HOST:PORT (e.g. 127.0.0.1:7443).</source>
        <translation>„%1“ ist keine Adresse: schreiben Sie HOST:PORT (z. B. 127.0.0.1:7443).</translation>
    </message>
    <message>
        <source>Port %1 is out of range (1 to 65535).</source>
        <translation>Port %1 liegt außerhalb des Bereichs (1 bis 65535).</translation>
    </message>
    <message>
        <source>Give a token or a token file, not both.</source>
        <translation>Geben Sie ein Token oder eine Token-Datei an, nicht beides.</translation>
    </message>
    <message>
        <source>Cannot read the token file %1: %2</source>
        <translation>Die Token-Datei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The token file %1 is empty.</source>
        <translation>Die Token-Datei %1 ist leer.</translation>
    </message>
    <message>
        <source>Cannot read the CA certificate %1.</source>
        <translation>Das CA-Zertifikat %1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>token file %1</source>
        <translation>Token-Datei %1</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>TLS, CA %1</source>
        <translation>TLS, CA %1</translation>
    </message>
    <message>
        <source>%1 did not accept the token (401 Unauthorized): %2</source>
        <translation>%1 hat das Token nicht angenommen (401 Unauthorized): %2</translation>
    </message>
    <message>
        <source>%1 knows the token, but its user may not see the simulation (403 Forbidden): %2</source>
        <translation>%1 kennt das Token, aber dessen Benutzer darf die Simulation nicht sehen (403 Forbidden): %2</translation>
    </message>
    <message>
        <source>Cannot reach %1: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>%1 did not answer in time: %2</source>
        <translation>%1 hat nicht rechtzeitig geantwortet: %2</translation>
    </message>
    <message>
        <source>%1 answers, but it is not a pilothouse-server (no Simulation service): %2</source>
        <translation>%1 antwortet, ist aber kein pilothouse-server (kein Simulation-Dienst): %2</translation>
    </message>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>Verbindung mit %1 nicht möglich: %2</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::EmbeddedSession</name>
    <message>
        <source>creating the scenario&apos;s objects: %1 of %2</source>
        <translation>die Objekte des Szenarios werden angelegt: %1 von %2</translation>
    </message>
    <message>
        <source>starting kube-scheduler, the controllers and the kubelets</source>
        <translation>kube-scheduler, die Controller und die Kubelets starten</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::EventLogView</name>
    <message>
        <source>All types</source>
        <translation>Alle Typen</translation>
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
        <translation>Events eines Typs zeigen</translation>
    </message>
    <message>
        <source>Object, e.g. pod/web</source>
        <translation>Objekt, z. B. pod/web</translation>
    </message>
    <message>
        <source>Show the events of objects whose OBJECT (kind/name) or namespace/name contains this</source>
        <translation>Die Events der Objekte zeigen, deren OBJECT (kind/name) oder namespace/name dies enthält</translation>
    </message>
    <message>
        <source>Search reason and message</source>
        <translation>Reason und Message durchsuchen</translation>
    </message>
    <message>
        <source>Show the events with every word somewhere in TYPE, REASON, OBJECT or MESSAGE</source>
        <translation>Die Events zeigen, die jedes Wort irgendwo in TYPE, REASON, OBJECT oder MESSAGE enthalten</translation>
    </message>
    <message>
        <source>1 event</source>
        <translation>1 Event</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 Events</translation>
    </message>
    <message>
        <source>%1 of 1 event</source>
        <translation>%1 von 1 Event</translation>
    </message>
    <message>
        <source>%1 of %2 events</source>
        <translation>%1 von %2 Events</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::EventTableModel</name>
    <message>
        <source>Seen at %1 of virtual time</source>
        <translation>Gesehen bei virtueller Zeit %1</translation>
    </message>
    <message>
        <source>Seen %1 times: first at %2, last at %3 of virtual time</source>
        <translation>%1-mal gesehen: zuerst bei virtueller Zeit %2, zuletzt bei %3</translation>
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
(von %2)</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ExplainerView</name>
    <message>
        <source>Filters: nodes × plugins</source>
        <translation>Filter: Nodes × Plugins</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Scores</translation>
    </message>
    <message>
        <source>What if…</source>
        <translation>Was wäre, wenn…</translation>
    </message>
    <message>
        <source>Why is my pod pending?</source>
        <translation>Warum ist mein Pod Pending?</translation>
    </message>
    <message>
        <source>Select a pod: the scheduler tries it against every node and says, node by node and plugin by plugin, why it fits or not.</source>
        <translation>Wählen Sie einen Pod: Der Scheduler prüft ihn gegen jeden Node und sagt Node für Node und Plugin für Plugin, warum er passt oder nicht.</translation>
    </message>
    <message>
        <source>Asking the scheduler…</source>
        <translation>Der Scheduler wird gefragt…</translation>
    </message>
    <message>
        <source>Why is %1 pending? It fits now</source>
        <translation>Warum ist %1 Pending? Jetzt passt er</translation>
    </message>
    <message>
        <source>Why is %1 on %2?</source>
        <translation>Warum ist %1 auf %2?</translation>
    </message>
    <message>
        <source>The scheduler would choose %1: %2 of %3 nodes are feasible.</source>
        <translation>Der Scheduler würde %1 wählen: %2 von %3 Nodes sind geeignet.</translation>
    </message>
    <message>
        <source>Bound to %1. Tried again now, as if it were pending (it no longer counts on its node): </source>
        <translation>An %1 gebunden. Jetzt erneut versucht, als wäre er Pending (er zählt nicht mehr auf seinem Node): </translation>
    </message>
    <message>
        <source>Why is %1 pending?</source>
        <translation>Warum ist %1 Pending?</translation>
    </message>
    <message>
        <source>%1 is bound to %2, but would not fit anywhere now</source>
        <translation>%1 ist an %2 gebunden, würde jetzt aber nirgends passen</translation>
    </message>
    <message>
        <source>Preemption: nominated to %1 once these pods are gone: %2</source>
        <translation>Preemption: für %1 nominiert, sobald diese Pods weg sind: %2</translation>
    </message>
    <message>
        <source>Candidate nodes: %1</source>
        <translation>Kandidaten-Nodes: %1</translation>
    </message>
    <message>
        <source>Tried on the objects the control plane is being started with; tried again once it is up.</source>
        <translation>An den Objekten versucht, mit denen die Control Plane gerade startet; erneut versucht, sobald sie läuft.</translation>
    </message>
    <message>
        <source>The cluster recorded no FailedScheduling event for this pod.</source>
        <translation>Der Cluster hat für diesen Pod kein FailedScheduling-Ereignis aufgezeichnet.</translation>
    </message>
    <message>
        <source>FailedScheduling ×%1, %2</source>
        <translation>FailedScheduling ×%1, %2</translation>
    </message>
    <message>
        <source>FailedScheduling, %1</source>
        <translation>FailedScheduling, %1</translation>
    </message>
    <message>
        <source>✓ The cluster&apos;s kube-scheduler said the same, word for word (%1).</source>
        <translation>✓ Der kube-scheduler des Clusters sagte Wort für Wort dasselbe (%1).</translation>
    </message>
    <message>
        <source>≠ The cluster&apos;s kube-scheduler said otherwise (%1): %2
The cluster may have changed since, or its scheduler runs another version, configuration or plugins.</source>
        <translation>≠ Der kube-scheduler des Clusters sagte etwas anderes (%1): %2
Der Cluster kann sich seitdem geändert haben, oder sein Scheduler läuft mit anderer Version, Konfiguration oder anderen Plugins.</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>vor %1</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::FileMenu</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Scenarios…</source>
        <translation>&amp;Szenarien…</translation>
    </message>
    <message>
        <source>Scenario started</source>
        <translation>Szenario gestartet</translation>
    </message>
    <message>
        <source>Open scenario &amp;file…</source>
        <translation>Szenario&amp;datei öffnen…</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML-Dateien (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Open cluster s&amp;napshot…</source>
        <translation>Cluster-S&amp;napshot öffnen…</translation>
    </message>
    <message>
        <source>kubectl get nodes,pods,priorityclasses -A -o yaml, one or several files</source>
        <translation>kubectl get nodes,pods,priorityclasses -A -o yaml, eine oder mehrere Dateien</translation>
    </message>
    <message>
        <source>Open a cluster snapshot (kubectl get -o yaml)</source>
        <translation>Cluster-Snapshot öffnen (kubectl get -o yaml)</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml *.json);;All files (*)</source>
        <translation>YAML-Dateien (*.yaml *.yml *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Sa&amp;ve scenario…</source>
        <translation>Szenario s&amp;peichern…</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>YAML files (*.yaml)</source>
        <translation>YAML-Dateien (*.yaml)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Event log as CSV…</source>
        <translation>Event-Log als CSV…</translation>
    </message>
    <message>
        <source>Export the event log</source>
        <translation>Event-Log exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>Selected object as YAML…</source>
        <translation>Ausgewähltes Objekt als YAML…</translation>
    </message>
    <message>
        <source>Export the object</source>
        <translation>Objekt exportieren</translation>
    </message>
    <message>
        <source>Selected pod&apos;s journey as JSON…</source>
        <translation>Weg des ausgewählten Pods als JSON…</translation>
    </message>
    <message>
        <source>Export the journey</source>
        <translation>Weg exportieren</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>Cluster view</source>
        <translation>Cluster-Ansicht</translation>
    </message>
    <message>
        <source>Journey view</source>
        <translation>Weg-Ansicht</translation>
    </message>
    <message>
        <source>%1 as %2…</source>
        <translation>%1 als %2…</translation>
    </message>
    <message>
        <source>Export the view</source>
        <translation>Ansicht exportieren</translation>
    </message>
    <message>
        <source>&amp;Apply YAML…</source>
        <translation>YAML &amp;anwenden…</translation>
    </message>
    <message>
        <source>Pilothouse workspaces (%1);;All files (*)</source>
        <translation>Pilothouse-Arbeitsbereiche (%1);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open &amp;workspace…</source>
        <translation>&amp;Arbeitsbereich öffnen…</translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <source>Save wor&amp;kspace…</source>
        <translation>Arbeitsbereich spei&amp;chern…</translation>
    </message>
    <message>
        <source>The store file with the whole history, and what replays this session to the present moment</source>
        <translation>Die Datei des Speichers mit der ganzen Geschichte und dem, was diese Sitzung bis zum jetzigen Moment wiederholt</translation>
    </message>
    <message>
        <source>Save workspace</source>
        <translation>Arbeitsbereich speichern</translation>
    </message>
    <message>
        <source>Saved workspace %1</source>
        <translation>Arbeitsbereich %1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>Opened workspace %1</source>
        <translation>Arbeitsbereich %1 geöffnet</translation>
    </message>
    <message>
        <source>&amp;Connect to server…</source>
        <translation>Mit Server &amp;verbinden…</translation>
    </message>
    <message>
        <source>Open a window on a running pilothouse-server (its simulation is shared with its other clients)</source>
        <translation>Ein Fenster auf einem laufenden pilothouse-server öffnen (seine Simulation teilen sich alle seine Clients)</translation>
    </message>
    <message>
        <source> (on %1, for all its clients)</source>
        <translation> (auf %1, für alle seine Clients)</translation>
    </message>
    <message>
        <source>Start the simulation over from a built-in scenario</source>
        <translation>Die Simulation mit einem eingebauten Szenario neu beginnen</translation>
    </message>
    <message>
        <source>Start the simulation over from a scenario file</source>
        <translation>Die Simulation mit einer Szenariodatei neu beginnen</translation>
    </message>
    <message>
        <source>Not over a server: this needs the simulation to run in this window (start pilothouse without --connect)</source>
        <translation>Nicht über einen Server: dafür muss die Simulation in diesem Fenster laufen (pilothouse ohne --connect starten)</translation>
    </message>
    <message>
        <source>Connect to &amp;cluster…</source>
        <translation>Mit &amp;Cluster verbinden…</translation>
    </message>
    <message>
        <source>Open a window on a real Kubernetes cluster through a kubeconfig context (read-only until you allow changes)</source>
        <translation>Ein Fenster auf einem echten Kubernetes-Cluster über einen kubeconfig-Kontext öffnen (nur lesend, bis Sie Änderungen erlauben)</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::FilterMatrixModel</name>
    <message>
        <source>feasible</source>
        <translation>geeignet</translation>
    </message>
    <message>
        <source>rejected by %1</source>
        <translation>abgelehnt von %1</translation>
    </message>
    <message>
        <source>%1 passes %2</source>
        <translation>%1 lässt %2 durch</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>NODE</translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation>ERGEBNIS</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::InProcessClient</name>
    <message>
        <source>Unknown resource type &quot;%1&quot;</source>
        <translation>Unbekannter Ressourcentyp &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::InspectorView</name>
    <message>
        <source>Fields</source>
        <translation>Felder</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <source>Journey</source>
        <translation>Weg</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>Nichts ausgewählt</translation>
    </message>
    <message>
        <source>Click a pod or a node in any view, or an event, to inspect it here.</source>
        <translation>Klicken Sie in einer beliebigen Ansicht auf einen Pod, einen Node oder ein Event, um es hier zu untersuchen.</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>No such %1 now: it was deleted, or not created yet.</source>
        <translation>Dieses Objekt (%1) gibt es jetzt nicht: Es wurde gelöscht oder noch nicht erstellt.</translation>
    </message>
    <message>
        <source>This %1 did not exist at %2.</source>
        <translation>Dieses Objekt (%1) gab es bei %2 nicht.</translation>
    </message>
    <message>
        <source>not scheduled</source>
        <translation>nicht zugewiesen</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>auf %1</translation>
    </message>
    <message>
        <source>IP %1</source>
        <translation>IP %1</translation>
    </message>
    <message>
        <source>allocatable %1 cpu, %2 memory, %3 pods</source>
        <translation>zuweisbar: %1 CPU, %2 Speicher, %3 Pods</translation>
    </message>
    <message>
        <source>live</source>
        <translation>live</translation>
    </message>
    <message>
        <source>as it was at %1</source>
        <translation>wie bei %1</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::JourneyGanttView</name>
    <message>
        <source>Select a pod to see its journey.</source>
        <translation>Wählen Sie einen Pod, um seinen Weg zu sehen.</translation>
    </message>
    <message>
        <source>No stage of this pod&apos;s journey had begun by this moment.</source>
        <translation>Zu diesem Zeitpunkt hatte noch keine Etappe dieses Pods begonnen.</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>bei %1</translation>
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
        <translation>Kopiert: %1</translation>
    </message>
    <message>
        <source>kubectl → %1</source>
        <translation>kubectl → %1</translation>
    </message>
    <message>
        <source>Copy KUBECONFIG command</source>
        <translation>KUBECONFIG-Befehl kopieren</translation>
    </message>
    <message>
        <source>This window serves the Kubernetes API for kubectl on this machine at %1</source>
        <translation>Dieses Fenster stellt kubectl auf diesem Rechner die Kubernetes-API unter %1 bereit</translation>
    </message>
    <message>
        <source>This window serves the Kubernetes API for kubectl on this machine at %1; its kubeconfig is %2</source>
        <translation>Dieses Fenster stellt kubectl auf diesem Rechner die Kubernetes-API unter %1 bereit; die kubeconfig ist %2</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::KubernetesClient</name>
    <message>
        <source>Pilothouse is read-only on context &quot;%1&quot;: turn on Cluster &gt; Allow changes to this cluster first</source>
        <translation>Pilothouse ist im Kontext „%1“ nur lesend: schalten Sie zuerst Cluster &gt; Änderungen an diesem Cluster erlauben ein</translation>
    </message>
    <message>
        <source>Cannot watch &quot;%1&quot;: the server doesn&apos;t have a resource type &quot;%1&quot;</source>
        <translation>„%1“ kann nicht beobachtet werden: the server doesn&apos;t have a resource type &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 only from namespace &quot;%2&quot;: %3</source>
        <translation>%1 nur aus Namespace „%2“: %3</translation>
    </message>
    <message>
        <source>%1: %2 (trying again in %3 s)</source>
        <translation>%1: %2 (neuer Versuch in %3 s)</translation>
    </message>
    <message>
        <source>Not sent: the change was not confirmed</source>
        <translation>Nicht gesendet: die Änderung wurde nicht bestätigt</translation>
    </message>
    <message>
        <source>Node &quot;%1&quot; is a real machine: failing and recovering nodes is for simulations (fork the cluster into one), cordon or drain it instead</source>
        <translation>Node „%1“ ist eine echte Maschine: Ausfallen und Wiederherstellen gibt es nur in Simulationen (verzweigen Sie den Cluster in eine), verwenden Sie stattdessen Cordon oder Drain</translation>
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
        <translation>Nodes</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Inspektor</translation>
    </message>
    <message>
        <source>Explainer</source>
        <translation>Erklärung</translation>
    </message>
    <message>
        <source>Editor</source>
        <translation>Editor</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objekte</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Play or pause the simulation (Space)</source>
        <translation>Simulation abspielen oder pausieren (Leertaste)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Run the next event of the simulation (Right arrow)</source>
        <translation>Das nächste Ereignis der Simulation ausführen (Pfeil nach rechts)</translation>
    </message>
    <message>
        <source>Nothing is scheduled: the cluster is idle.</source>
        <translation>Nichts geplant: Der Cluster ist im Leerlauf.</translation>
    </message>
    <message>
        <source>Step cycle</source>
        <translation>Zyklus</translation>
    </message>
    <message>
        <source>Run until the scheduler has made one more scheduling attempt (Shift+Right)</source>
        <translation>Laufen lassen, bis der Scheduler einen weiteren Scheduling-Versuch unternommen hat (Umschalt+Rechts)</translation>
    </message>
    <message>
        <source>No scheduling attempt is coming: nothing is pending.</source>
        <translation>Kein Scheduling-Versuch steht an: Nichts ist Pending.</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>As fast as possible</source>
        <translation>So schnell wie möglich</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Start the scenario again from the beginning (Ctrl+R)</source>
        <translation>Das Szenario von vorn beginnen (Strg+R)</translation>
    </message>
    <message>
        <source>Simulation stopped: %1</source>
        <translation>Simulation angehalten: %1</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Drag back to see the cluster as it was at that moment</source>
        <translation>Zurückziehen, um den Cluster so zu sehen, wie er zu diesem Zeitpunkt war</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>Back to the present (End)</source>
        <translation>Zurück zur Gegenwart (Ende)</translation>
    </message>
    <message>
        <source>Resume here</source>
        <translation>Hier fortsetzen</translation>
    </message>
    <message>
        <source>Replay the scenario to the moment shown and go on from there; what happened after it is forgotten (Ctrl+Return)</source>
        <translation>Das Szenario bis zum gezeigten Zeitpunkt wiederholen und von dort weitermachen; was danach geschah, wird vergessen (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Dark palette</source>
        <translation>&amp;Dunkle Farbpalette</translation>
    </message>
    <message>
        <source>&amp;Text size</source>
        <translation>&amp;Textgröße</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>&amp;Simulation</translation>
    </message>
    <message>
        <source>t = %1</source>
        <translation>t = %1</translation>
    </message>
    <message>
        <source>as fast as possible</source>
        <translation>so schnell wie möglich</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>%1 (live)</source>
        <translation>%1 (live)</translation>
    </message>
    <message>
        <source>%1 (past)</source>
        <translation>%1 (Vergangenheit)</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>verbinde</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation>getrennt</translation>
    </message>
    <message>
        <source>Control plane: %1 (%2)</source>
        <translation>Control Plane: %1 (%2)</translation>
    </message>
    <message>
        <source>Revision %1</source>
        <translation>Revision %1</translation>
    </message>
    <message>
        <source>Revision %1 (history)</source>
        <translation>Revision %1 (Verlauf)</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Node</numerusform>
            <numerusform>%n Nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s): %1 pending, %2 running</source>
        <translation>
            <numerusform>%n Pod: %1 wartend, %2 laufend</numerusform>
            <numerusform>%n Pods: %1 wartend, %2 laufend</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <translation>%1 als %2</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>Verbunden mit %1</translation>
    </message>
    <message>
        <source>Disconnected from %1 — showing the last state; reconnecting…</source>
        <translation>Verbindung zu %1 getrennt — zeige den letzten Stand; verbinde neu…</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Cannot reach %1 — trying again…</source>
        <translation>%1 ist nicht erreichbar — versuche es erneut…</translation>
    </message>
    <message>
        <source>disconnected, reconnecting…</source>
        <translation>getrennt, verbinde neu…</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>verbinde…</translation>
    </message>
    <message>
        <source>%1 (%2) — Pilothouse</source>
        <translation>%1 (%2) — Pilothouse</translation>
    </message>
    <message>
        <source>Not connected to %1</source>
        <translation>Nicht mit %1 verbunden</translation>
    </message>
    <message>
        <source>Control plane: could not start — %1</source>
        <translation>Control Plane: konnte nicht starten — %1</translation>
    </message>
    <message>
        <source>Control plane: starting — %1</source>
        <translation>Control Plane: startet — %1</translation>
    </message>
    <message>
        <source>The control plane is still starting</source>
        <translation>Die Control Plane startet noch</translation>
    </message>
    <message>
        <source>Nodes and pods: not listed yet</source>
        <translation>Nodes und Pods: noch nicht gelistet</translation>
    </message>
    <message>
        <source>La&amp;yout</source>
        <translation>&amp;Anordnung</translation>
    </message>
    <message>
        <source>&amp;Reset this layout</source>
        <translation>Diese Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Arrange the layout in force as it first was, for the window&apos;s size now</source>
        <translation>Die aktuelle Anordnung wie anfangs herstellen, für die jetzige Fenstergröße</translation>
    </message>
    <message>
        <source>&amp;Journey</source>
        <translation>&amp;Reise</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Anordnung</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>Präsentieren</translation>
    </message>
    <message>
        <source>Full screen with larger text, for a room (F11; Esc leaves)</source>
        <translation>Vollbild mit größerer Schrift, für einen Raum (F11; Esc beendet)</translation>
    </message>
    <message>
        <source>Virtual seconds per wall-clock second (] faster, [ slower)</source>
        <translation>Virtuelle Sekunden pro Sekunde Echtzeit (] schneller, [ langsamer)</translation>
    </message>
    <message>
        <source>The Kubernetes API for kubectl could not start: %1</source>
        <translation>Die Kubernetes-API für kubectl konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>A live cluster&apos;s past is not kept here: fork it into a simulation (Cluster menu) to go back in time</source>
        <translation>Die Vergangenheit eines Live-Clusters wird hier nicht aufbewahrt: verzweigen Sie ihn in eine Simulation (Menü Cluster), um in der Zeit zurückzugehen</translation>
    </message>
    <message>
        <source>Connected to %1 · Kubernetes %2</source>
        <translation>Verbunden mit %1 · Kubernetes %2</translation>
    </message>
    <message>
        <source>Connected to %1 · Kubernetes %2 (the explainer&apos;s scheduler is v1.28&apos;s)</source>
        <translation>Verbunden mit %1 · Kubernetes %2 (der Scheduler des Erklärers ist der von v1.28)</translation>
    </message>
    <message>
        <source> · partial: %1</source>
        <translation> · unvollständig: %1</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::MetricsChart</name>
    <message>
        <source>virtual time (s)</source>
        <translation>virtuelle Zeit (s)</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ObjectTreeModel</name>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::PodJourneyModel</name>
    <message>
        <source>0 s</source>
        <translation>0 s</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 so far</source>
        <translation>bisher %1</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Etappe</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>As fast as possible</source>
        <translation>So schnell wie möglich</translation>
    </message>
    <message>
        <source>Speed at start:</source>
        <translation>Geschwindigkeit beim Start:</translation>
    </message>
    <message>
        <source>Start playing when a window opens</source>
        <translation>Abspielen, sobald sich ein Fenster öffnet</translation>
    </message>
    <message>
        <source>100M (the default)</source>
        <translation>100M (Standard)</translation>
    </message>
    <message>
        <source>Bytes per second each simulated node pulls images at, as a Kubernetes quantity: 20M, 12.5Mi, 1G. Used by scenarios started from now on that do not set spec.imagePullBandwidth.</source>
        <translation>Bytes pro Sekunde, mit denen jeder simulierte Node Images lädt, als Kubernetes-Quantity: 20M, 12.5Mi, 1G. Gilt für ab jetzt gestartete Szenarien, die spec.imagePullBandwidth nicht selbst setzen.</translation>
    </message>
    <message>
        <source>Image pull bandwidth (bytes/s):</source>
        <translation>Bandbreite für Image-Pulls (Bytes/s):</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Palette:</source>
        <translation>Farbpalette:</translation>
    </message>
    <message>
        <source>For projectors: 150 % or 200 % reads from the back of a room</source>
        <translation>Für Beamer: 150 % oder 200 % sind auch hinten im Raum lesbar</translation>
    </message>
    <message>
        <source>Text size:</source>
        <translation>Textgröße:</translation>
    </message>
    <message>
        <source>Colour of %1 pods</source>
        <translation>Farbe der Pods in %1</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Pod phase colours:</source>
        <translation>Farben der Pod-Phasen:</translation>
    </message>
    <message>
        <source>%1 (default)</source>
        <translation>%1 (Standard)</translation>
    </message>
    <message>
        <source>kubectl</source>
        <translation>kubectl</translation>
    </message>
    <message>
        <source>Serve the Kubernetes API to kubectl on this machine</source>
        <translation>Kubernetes-API für kubectl auf diesem Rechner bereitstellen</translation>
    </message>
    <message>
        <source>kubectl on this computer then drives the simulated cluster, and each request&apos;s journey plays in the window. The status bar shows the address and copies the KUBECONFIG command.</source>
        <translation>kubectl auf diesem Computer steuert dann den simulierten Cluster, und der Weg jeder Anfrage wird im Fenster gezeigt. Die Statusleiste zeigt die Adresse und kopiert den KUBECONFIG-Befehl.</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Adresse:</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::RemoteClient</name>
    <message>
        <source>Connection to %1 lost: %2</source>
        <translation>Verbindung zu %1 verloren: %2</translation>
    </message>
    <message>
        <source>Unknown resource type &quot;%1&quot;</source>
        <translation>Unbekannter Ressourcentyp &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ScenarioPicker</name>
    <message>
        <source>Scenarios</source>
        <translation>Szenarien</translation>
    </message>
    <message>
        <source>What it shows</source>
        <translation>Was es zeigt</translation>
    </message>
    <message>
        <source>What to take away</source>
        <translation>Was man mitnimmt</translation>
    </message>
    <message>
        <source>Start this scenario</source>
        <translation>Dieses Szenario starten</translation>
    </message>
    <message>
        <source>(no description)</source>
        <translation>(keine Beschreibung)</translation>
    </message>
    <message>
        <source>(no learning goal given)</source>
        <translation>(kein Lernziel angegeben)</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::SchedulerMenu</name>
    <message>
        <source>S&amp;cheduler</source>
        <translation>S&amp;cheduler</translation>
    </message>
    <message>
        <source>&amp;Load configuration…</source>
        <translation>Konfiguration &amp;laden…</translation>
    </message>
    <message>
        <source>Restart kube-scheduler with a KubeSchedulerConfiguration file</source>
        <translation>kube-scheduler mit einer KubeSchedulerConfiguration-Datei neu starten</translation>
    </message>
    <message>
        <source>KubeSchedulerConfiguration</source>
        <translation>KubeSchedulerConfiguration</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML-Dateien (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>NodeResourcesFit scoring</source>
        <translation>NodeResourcesFit-Bewertung</translation>
    </message>
    <message>
        <source>%1 (spread, the default)</source>
        <translation>%1 (verteilen, Standard)</translation>
    </message>
    <message>
        <source>%1 (pack)</source>
        <translation>%1 (packen)</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>NodeResourcesFit scoring %1</source>
        <translation>NodeResourcesFit-Bewertung %1</translation>
    </message>
    <message>
        <source>kube-scheduler restarted with %1</source>
        <translation>kube-scheduler neu gestartet mit %1</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::ScoreTableModel</name>
    <message>
        <source>%1  ◀ chosen</source>
        <translation>%1  ◀ gewählt</translation>
    </message>
    <message>
        <source>%1 (raw %2)</source>
        <translation>%1 (roh %2)</translation>
    </message>
    <message>
        <source>%1 on %2: raw %3, normalized %4, × weight %5 = %6</source>
        <translation>%1 auf %2: roh %3, normalisiert %4, × Gewichtung %5 = %6</translation>
    </message>
    <message>
        <source>NODE</source>
        <translation>NODE</translation>
    </message>
    <message>
        <source>TOTAL</source>
        <translation>SUMME</translation>
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
        <translation>Am Pod</translation>
    </message>
    <message>
        <source>On the node</source>
        <translation>Am Node</translation>
    </message>
    <message>
        <source>On the pod and the node</source>
        <translation>Am Pod und am Node</translation>
    </message>
    <message>
        <source>What would make it fit on node</source>
        <translation>Damit er auf diesen Node passt:</translation>
    </message>
    <message>
        <source>Ask the scheduler</source>
        <translation>Scheduler fragen</translation>
    </message>
    <message>
        <source>Asking the scheduler about %1 on %2…</source>
        <translation>Der Scheduler wird zu %1 auf %2 gefragt…</translation>
    </message>
    <message>
        <source>What-ifs are about the cluster as it is now: go Live to ask.</source>
        <translation>Was-wäre-wenn-Fragen betreffen den Cluster, wie er jetzt ist: Wechseln Sie zu Live, um zu fragen.</translation>
    </message>
    <message>
        <source>Pick a node and ask: the scheduler&apos;s filter plugins work out the smallest change that lets the pod onto it.</source>
        <translation>Wählen Sie einen Node und fragen Sie: Die Filter-Plugins des Schedulers ermitteln die kleinste Änderung, mit der der Pod darauf passt.</translation>
    </message>
    <message>
        <source>%1 already fits on %2.</source>
        <translation>%1 passt bereits auf %2.</translation>
    </message>
    <message>
        <source>No single change makes %1 fit on %2.</source>
        <translation>Keine einzelne Änderung lässt %1 auf %2 passen.</translation>
    </message>
    <message>
        <source>Each of these makes %1 pass every filter on %2 (checked by re-running the filters):</source>
        <translation>Jede dieser Änderungen lässt %1 jeden Filter auf %2 bestehen (geprüft durch erneutes Ausführen der Filter):</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Not fixable by a change:
%1</source>
        <translation>Durch keine Änderung behebbar:
%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: done</source>
        <translation>%1: erledigt</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::apply::ApplyDialog</name>
    <message>
        <source>Apply YAML</source>
        <translation>YAML anwenden</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Öffnen…</translation>
    </message>
    <message>
        <source>Add manifest files (YAML or JSON) to the text; several can be chosen.</source>
        <translation>Manifest-Dateien (YAML oder JSON) zum Text hinzufügen; mehrere können gewählt werden.</translation>
    </message>
    <message>
        <source>Default namespace:</source>
        <translation>Standard-Namespace:</translation>
    </message>
    <message>
        <source>The namespace of objects that name none, as kubectl&apos;s current context gives it.</source>
        <translation>Der Namespace von Objekten, die keinen nennen, wie ihn der aktuelle Kontext von kubectl vorgibt.</translation>
    </message>
    <message>
        <source>Server dry run</source>
        <translation>Server-Probelauf</translation>
    </message>
    <message>
        <source>Apply as kubectl apply --dry-run=server: the API server admits and validates every object, nothing is stored.</source>
        <translation>Anwenden wie kubectl apply --dry-run=server: Der API-Server lässt jedes Objekt zu und validiert es, gespeichert wird nichts.</translation>
    </message>
    <message>
        <source>Paste manifests here (documents separated by ---), or open files.</source>
        <translation>Manifeste hier einfügen (Dokumente durch --- getrennt) oder Dateien öffnen.</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>No differences.</source>
        <translation>Keine Unterschiede.</translation>
    </message>
    <message>
        <source>Diff shows here what applying the text would change: the live objects against a server dry run, as kubectl diff prints it.</source>
        <translation>Diff zeigt hier, was das Anwenden des Textes ändern würde: die aktuellen Objekte gegen einen Server-Probelauf, wie kubectl diff es ausgibt.</translation>
    </message>
    <message>
        <source>What kubectl apply prints, once applied.</source>
        <translation>Was kubectl apply ausgibt, sobald angewendet.</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>Diff</translation>
    </message>
    <message>
        <source>kubectl output</source>
        <translation>kubectl-Ausgabe</translation>
    </message>
    <message>
        <source>What applying would change, without changing anything (kubectl diff) — %1</source>
        <translation>Was das Anwenden ändern würde, ohne etwas zu ändern (kubectl diff) — %1</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Create or update every object (kubectl apply -f) — %1</source>
        <translation>Jedes Objekt erstellen oder aktualisieren (kubectl apply -f) — %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Open manifests</source>
        <translation>Manifeste öffnen</translation>
    </message>
    <message>
        <source>Manifests (*.yaml *.yml *.json);;All files (*)</source>
        <translation>Manifeste (*.yaml *.yml *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 geöffnet.</translation>
    </message>
    <message>
        <source>%1, items[%2]</source>
        <translation>%1, items[%2]</translation>
    </message>
    <message>
        <source>%1 · line %2</source>
        <translation>%1 · Zeile %2</translation>
    </message>
    <message>
        <source>waiting…</source>
        <translation>wartet…</translation>
    </message>
    <message>
        <source>Diffing %1 objects…</source>
        <translation>Diff von %1 Objekten…</translation>
    </message>
    <message>
        <source>Applying %1 objects…</source>
        <translation>%1 Objekte werden angewendet…</translation>
    </message>
    <message>
        <source>would be created (%1)</source>
        <translation>würde erstellt (%1)</translation>
    </message>
    <message>
        <source>would change (%1)</source>
        <translation>würde geändert (%1)</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>keine Änderungen</translation>
    </message>
    <message>
        <source>Diffing %1 of %2…</source>
        <translation>Diff %1 von %2…</translation>
    </message>
    <message>
        <source>Applying %1 of %2…</source>
        <translation>Anwenden %1 von %2…</translation>
    </message>
    <message>
        <source>%1 to create</source>
        <translation>%1 zu erstellen</translation>
    </message>
    <message>
        <source>%1 to change</source>
        <translation>%1 zu ändern</translation>
    </message>
    <message>
        <source>%1 without changes</source>
        <translation>%1 ohne Änderungen</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 fehlgeschlagen</translation>
    </message>
    <message>
        <source>Diff (server dry run): %1.</source>
        <translation>Diff (Server-Probelauf): %1.</translation>
    </message>
    <message>
        <source>%1 created</source>
        <translation>%1 erstellt</translation>
    </message>
    <message>
        <source>%1 configured</source>
        <translation>%1 konfiguriert</translation>
    </message>
    <message>
        <source>%1 unchanged</source>
        <translation>%1 unverändert</translation>
    </message>
    <message>
        <source>Applied (server dry run): %1.</source>
        <translation>Angewendet (Server-Probelauf): %1.</translation>
    </message>
    <message>
        <source>Applied: %1.</source>
        <translation>Angewendet: %1.</translation>
    </message>
    <message>
        <source>Nothing here can be applied: %1</source>
        <translation>Hier kann nichts angewendet werden: %1</translation>
    </message>
    <message>
        <source>%1 of %2 objects cannot be applied: %3</source>
        <translation>%1 von %2 Objekten können nicht angewendet werden: %3</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::clusterview::ClusterView</name>
    <message>
        <source>Cluster view</source>
        <translation>Cluster-Ansicht</translation>
    </message>
    <message>
        <source>No nodes at this moment</source>
        <translation>Zu diesem Zeitpunkt keine Nodes</translation>
    </message>
    <message>
        <source>Why not on %1? %2</source>
        <translation>Warum nicht auf %1? %2</translation>
    </message>
    <message>
        <source>Drop %1 on a node to ask why it is not there</source>
        <translation>%1 auf einen Node ziehen, um zu fragen, warum er nicht dort ist</translation>
    </message>
    <message>
        <source>Waiting for the control plane&apos;s nodes…</source>
        <translation>Warte auf die Nodes der Control Plane…</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::FieldTable</name>
    <message>
        <source>Term</source>
        <translation>Term</translation>
    </message>
    <message>
        <source>Add expression</source>
        <translation>Ausdruck hinzufügen</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add term</source>
        <translation>Term hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::ObjectDraft</name>
    <message>
        <source>the editor holds one object: expected one YAML document with a mapping</source>
        <translation>der Editor enthält ein Objekt: ein YAML-Dokument mit einem Mapping erwartet</translation>
    </message>
    <message>
        <source>kind: the editor holds a %1; create other kinds with Apply YAML</source>
        <translation>kind: der Editor enthält ein Objekt vom Typ %1; andere Kinds mit Apply YAML erstellen</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::ObjectEditor</name>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Reload (discard my edits)</source>
        <translation>Neu laden (meine Änderungen verwerfen)</translation>
    </message>
    <message>
        <source>Merge my edits onto the latest</source>
        <translation>Meine Änderungen auf die neueste Version übertragen</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>Formular</translation>
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
        <translation>kubectl drain --ignore-daemonsets --delete-emptydir-data --force: den Node sperren (cordon), dann seine Pods verdrängen (evict)</translation>
    </message>
    <message>
        <source>Fail node</source>
        <translation>Node ausfallen lassen</translation>
    </message>
    <message>
        <source>The machine stops: its kubelet posts no more status (the node lifecycle controller notices)</source>
        <translation>Die Maschine stoppt: Ihr kubelet meldet keinen Status mehr (der Node-Lifecycle-Controller bemerkt es)</translation>
    </message>
    <message>
        <source>Recover node</source>
        <translation>Node wiederherstellen</translation>
    </message>
    <message>
        <source>Evict</source>
        <translation>Evict</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>kubectl replace --force: delete the pod, then create it as edited (most of a pod&apos;s spec cannot be updated)</source>
        <translation>kubectl replace --force: den Pod löschen und dann wie bearbeitet neu erstellen (der Großteil der Spec eines Pods kann nicht geändert werden)</translation>
    </message>
    <message>
        <source>Edit owner</source>
        <translation>Eigentümer bearbeiten</translation>
    </message>
    <message>
        <source>Open the Deployment or ReplicaSet that made this pod (scale it, roll out a new image)</source>
        <translation>Das Deployment oder ReplicaSet öffnen, das diesen Pod erzeugt hat (skalieren, ein neues Image ausrollen)</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>Probelauf</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Nothing to edit</source>
        <translation>Nichts zu bearbeiten</translation>
    </message>
    <message>
        <source>New %1 %2</source>
        <translation>Neu: %1 %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Read-only: the views show a past moment. Go Live to edit.</source>
        <translation>Schreibgeschützt: Die Ansichten zeigen einen vergangenen Zeitpunkt. Wechseln Sie zu Live, um zu bearbeiten.</translation>
    </message>
    <message>
        <source>This object was deleted.</source>
        <translation>Dieses Objekt wurde gelöscht.</translation>
    </message>
    <message>
        <source>The object changed since you opened it (applying will report a Conflict).</source>
        <translation>Das Objekt hat sich geändert, seit Sie es geöffnet haben (Anwenden meldet einen Conflict).</translation>
    </message>
    <message>
        <source>Not created yet: Apply creates it.</source>
        <translation>Noch nicht erstellt: Anwenden erstellt es.</translation>
    </message>
    <message>
        <source>Unsaved changes (resourceVersion %1).</source>
        <translation>Nicht gespeicherte Änderungen (resourceVersion %1).</translation>
    </message>
    <message>
        <source>As stored (resourceVersion %1).</source>
        <translation>Wie gespeichert (resourceVersion %1).</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>%1, not scheduled</source>
        <translation>%1, nicht zugewiesen</translation>
    </message>
    <message>
        <source>Uncordon</source>
        <translation>Uncordon</translation>
    </message>
    <message>
        <source>Conflict: %1
Reload to start again from the latest version, or merge your edits onto it and check them before applying again.</source>
        <translation>Conflict: %1
Neu laden, um mit der neuesten Version neu zu beginnen, oder Ihre Änderungen darauf übertragen und prüfen, bevor Sie erneut anwenden.</translation>
    </message>
    <message>
        <source>Reloaded: resourceVersion %1</source>
        <translation>Neu geladen: resourceVersion %1</translation>
    </message>
    <message>
        <source>Your edits were merged onto resourceVersion %1: check them, then Apply.</source>
        <translation>Ihre Änderungen wurden auf resourceVersion %1 übertragen: prüfen Sie sie, dann Anwenden.</translation>
    </message>
    <message>
        <source>Delete %1?</source>
        <translation>%1 löschen?</translation>
    </message>
    <message>
        <source>node/%1 failed: its kubelet stopped</source>
        <translation>node/%1 ausgefallen: sein kubelet ist gestoppt</translation>
    </message>
    <message>
        <source>node/%1 recovered: its kubelet runs again</source>
        <translation>node/%1 wiederhergestellt: sein kubelet läuft wieder</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::ObjectForm</name>
    <message>
        <source>Select a node or a pod (or create an object) to edit it.</source>
        <translation>Wählen Sie einen Node oder einen Pod (oder erstellen Sie ein Objekt), um es zu bearbeiten.</translation>
    </message>
    <message>
        <source>%1 has no form: edit it in the YAML view.</source>
        <translation>%1 hat kein Formular: Bearbeiten Sie es in der YAML-Ansicht.</translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::editor::YamlView</name>
    <message>
        <source>line %1: </source>
        <translation>Zeile %1: </translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::journey::JourneyModel</name>
    <message>
        <source>last: %1</source>
        <translation>zuletzt: %1</translation>
    </message>
    <message>
        <source>its node</source>
        <translation>seinem Node</translation>
    </message>
    <message>
        <source>POST pod %1</source>
        <translation>POST pod %1</translation>
    </message>
    <message>
        <source>%1 creates %2</source>
        <translation>%1 erstellt %2</translation>
    </message>
    <message numerus="yes">
        <source>%n pods waiting</source>
        <translation>
            <numerusform>%n Pod wartet</numerusform>
            <numerusform>%n Pods warten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 waiting</source>
        <translation>%1 wartet</translation>
    </message>
    <message>
        <source>filtering %1</source>
        <translation>%1 wird gefiltert</translation>
    </message>
    <message>
        <source>admitting %1 on %2</source>
        <translation>%1 wird auf %2 zugelassen</translation>
    </message>
    <message>
        <source>creating the sandbox of %1</source>
        <translation>Sandbox von %1 wird erstellt</translation>
    </message>
    <message>
        <source>pulling the image of %1</source>
        <translation>Image von %1 wird geladen</translation>
    </message>
    <message>
        <source>pulling %1</source>
        <translation>%1 wird geladen</translation>
    </message>
    <message>
        <source>starting the containers of %1</source>
        <translation>Container von %1 werden gestartet</translation>
    </message>
    <message>
        <source>probing %1</source>
        <translation>Probes für %1 laufen</translation>
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
        <translation>%1: kein Node passt</translation>
    </message>
    <message numerus="yes">
        <source>filtering %1 against %n node(s)</source>
        <translation>
            <numerusform>%1 wird gegen %n Node gefiltert</numerusform>
            <numerusform>%1 wird gegen %n Nodes gefiltert</numerusform>
        </translation>
    </message>
    <message>
        <source>scoring nodes for %1: %2 wins</source>
        <translation>Nodes für %1 bewertet: %2 gewinnt</translation>
    </message>
    <message>
        <source>%1 rejected by %2</source>
        <translation>%1 abgelehnt von %2</translation>
    </message>
    <message>
        <source>no sandbox for %1</source>
        <translation>keine Sandbox für %1</translation>
    </message>
    <message>
        <source>%1 gets IP %2</source>
        <translation>%1 erhält IP %2</translation>
    </message>
    <message>
        <source>%1 already on %2</source>
        <translation>%1 schon auf %2</translation>
    </message>
    <message>
        <source>pulled %1</source>
        <translation>%1 geladen</translation>
    </message>
    <message>
        <source>started %1 in %2</source>
        <translation>%1 in %2 gestartet</translation>
    </message>
    <message>
        <source>%1 Running, probing</source>
        <translation>%1 Running, Probes laufen</translation>
    </message>
    <message>
        <source>%1 Ready on %2</source>
        <translation>%1 Ready auf %2</translation>
    </message>
    <message>
        <source>binding %1 to %2</source>
        <translation>%1 wird an %2 gebunden</translation>
    </message>
</context>
</TS>
