// A pod's journey as a Gantt chart: one row per stage (from PodJourneyModel), a bar from its start
// to its end on an axis of virtual seconds, labelled with its duration ("image pull 500 ms") and
// what happened there (the node chosen, the image, the IP). Instant stages (Running, Ready, the
// binding) are diamonds. A failed stage is red with its message (FailedScheduling's, ErrImagePull's);
// a stage in progress at the view time fades out at the cursor, a vertical line at the view time.
#pragma once

#include <QWidget>

namespace pilothouse::ui {

class PodJourneyModel;

class JourneyGanttView final : public QWidget {
    Q_OBJECT
public:
    explicit JourneyGanttView(PodJourneyModel* model, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Layout {
        bool stacked = false;  // stage names on two lines (prefix above)
        int labelWidth = 0;
        int lineHeight = 0;
        int messageHeight = 0;  // a failure's message below its row
        int axisHeight = 0;
    };
    Layout layout() const;
    int rowHeight(const Layout& layout, int row) const;

    PodJourneyModel* model_;
};

}  // namespace pilothouse::ui
