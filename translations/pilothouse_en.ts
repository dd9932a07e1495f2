<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>CountBadgeItem</name>
    <message numerus="yes">
        <source>%n pods</source>
        <translation>
            <numerusform>%n pod</numerusform>
            <numerusform>%n pods</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failing</source>
        <translation>
            <numerusform>%n failing</numerusform>
            <numerusform>%n failing</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::MainWindow</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s): %1 pending, %2 running</source>
        <translation>
            <numerusform>%n pod: %1 pending, %2 running</numerusform>
            <numerusform>%n pods: %1 pending, %2 running</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pilothouse::ui::journey::JourneyModel</name>
    <message numerus="yes">
        <source>%n pods waiting</source>
        <translation>
            <numerusform>%n pod waiting</numerusform>
            <numerusform>%n pods waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>filtering %1 against %n node(s)</source>
        <translation>
            <numerusform>filtering %1 against %n node</numerusform>
            <numerusform>filtering %1 against %n nodes</numerusform>
        </translation>
    </message>
</context>
</TS>
