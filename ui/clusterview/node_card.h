// A node drawn as a card, the most detailed level: name and status pills (Ready / NotReady,
// SchedulingDisabled), taints and key labels as badges, capacity bars for cpu, memory and pods
// (requested vs allocatable, with the numbers), and every pod as a chip coloured by phase.
// Text sizes follow the card's size, so three nodes on a projector get large type.
#pragma once

#include <QFont>
#include <QRectF>
#include <QString>

#include <array>
#include <vector>

#include "clusterview/cluster_view_model.h"
#include "clusterview/grid_layout.h"
#include "clusterview/paint_kit.h"

class QPainter;

namespace pilothouse::ui::clusterview {

// Fonts and spacing shared by all cards of one size (computed once per frame).
struct CardStyle {
    QFont title, body, small, chipName, chipDetail;
    // Chips when a node has few pods and room for them: larger, for the back of the room.
    QFont largeChipName, largeChipDetail;
    double titleHeight = 0, bodyHeight = 0, smallHeight = 0, chipLine = 0, largeChipLine = 0;
    double padding = 0;
    double stripe = 0;

    static CardStyle forCell(QSizeF cell);
    // The body text's size (points, before the theme's font scale) for cards of this size.
    static double bodyPoints(QSizeF cell);
};

struct CardBadge {
    enum class Kind { Readiness, Cordoned, Taint, Label, More };
    Kind kind;
    QRectF rect;
    QString text;
};

struct CardLayout {
    QRectF frame;
    QRectF name;
    std::vector<CardBadge> pills;   // status, in the title row
    std::vector<CardBadge> badges;  // taints, then labels
    std::array<QRectF, 3> usage;    // cpu, memory, pods: a text line and its bar
    QRectF podsHeading;
    ChipLayout chips;
    bool largeChips = false;
};

CardLayout layoutCard(const CardStyle& style, const QRectF& cell, const ClusterViewModel::Node& node);

struct CardPaint {
    const PhasePalette* phases = nullptr;
    bool nodeSelected = false;
    QString selectedPod;  // key
};
void paintCard(QPainter& p, const CardStyle& style, const CardLayout& layout, const ClusterViewModel::Node& node,
               const CardPaint& how);

}  // namespace pilothouse::ui::clusterview
