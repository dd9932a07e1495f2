// A pod's token: a disc in its owner's colour with its name beside it (when there is room), a red
// ring while a failed step holds it, a dashed ring while it is being deleted, a halo when it is
// the selected pod. The view keeps a pool of these and moves them; an item's picture is cached,
// so a move repaints only the old and new places.
#pragma once

#include <QColor>
#include <QGraphicsItem>
#include <QStaticText>
#include <QString>

namespace pilothouse::ui::journey {

class TokenItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 101 };

    explicit TokenItem(QGraphicsItem* parent = nullptr);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    // The pod it shows (model index, "namespace/name", name, owner colour).
    void setPod(int pod, const QString& key, const QString& name, const QColor& color);
    int pod() const { return pod_; }
    const QString& key() const { return key_; }
    const QString& name() const { return name_; }
    void setColor(const QColor& color);
    // Each repaints only when it changes.
    void setLook(bool label, qreal labelWidth, bool selected, bool failing, bool terminating);
    bool labelShown() const { return label_; }
    bool selected() const { return selected_; }
    bool failing() const { return failing_; }

private:
    void prepareLabel();

    int pod_ = -1;
    QString key_;
    QString name_;
    QColor color_;
    bool label_ = false;
    qreal labelWidth_ = 0;
    bool selected_ = false;
    bool failing_ = false;
    bool terminating_ = false;
    QStaticText text_;
};

}  // namespace pilothouse::ui::journey
