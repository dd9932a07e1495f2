#include "mainwindow/scenario_picker.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "session/scenario_file.h"
#include "theme/theme.h"

namespace pilothouse::ui {

ScenarioPicker::ScenarioPicker(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Scenarios"));
    setObjectName(QStringLiteral("scenarioPicker"));
    list_ = new QListWidget(this);
    list_->setFont(theme::font(12));
    title_ = new QLabel(this);
    title_->setFont(theme::font(16, true));
    description_ = new QLabel(this);
    goal_ = new QLabel(this);
    for (QLabel* l : {description_, goal_}) {
        l->setWordWrap(true);
        l->setFont(theme::font(12));
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    }
    const QDir dir(QStringLiteral(":/scenarios"));
    for (const QString& file : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
        auto s = readScenarioFile(dir.filePath(file));
        if (!s) continue;  // the built-in ones are tested to load
        if (s->name.empty()) s->name = QFileInfo(file).completeBaseName().toStdString();
        list_->addItem(QString::fromStdString(s->name));
        scenarios_.push_back(std::move(*s));
        paths_.push_back(dir.filePath(file));
    }
    auto* right = new QVBoxLayout;
    right->addWidget(title_);
    auto* what = new QLabel(tr("What it shows"), this);
    auto* learn = new QLabel(tr("What to take away"), this);
    for (QLabel* l : {what, learn}) l->setFont(theme::font(12, true));
    right->addWidget(what);
    right->addWidget(description_);
    right->addWidget(learn);
    right->addWidget(goal_);
    right->addStretch(1);
    auto* body = new QHBoxLayout;
    body->addWidget(list_, 1);
    body->addLayout(right, 2);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Open)->setText(tr("Start this scenario"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(list_, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(buttons);
    connect(list_, &QListWidget::currentRowChanged, this, &ScenarioPicker::showScenario);
    if (!scenarios_.empty()) list_->setCurrentRow(0);
    resize(900, 520);
}

QStringList ScenarioPicker::names() const {
    QStringList out;
    for (const auto& s : scenarios_) out << QString::fromStdString(s.name);
    return out;
}

void ScenarioPicker::setCurrent(const QString& name) {
    const int row = int(names().indexOf(name));
    if (row >= 0) list_->setCurrentRow(row);
}

QString ScenarioPicker::description() const { return description_->text(); }
QString ScenarioPicker::learningGoal() const { return goal_->text(); }

void ScenarioPicker::showScenario(int row) {
    if (row < 0 || size_t(row) >= scenarios_.size()) return;
    const auto& s = scenarios_[size_t(row)];
    title_->setText(QString::fromStdString(s.name));
    description_->setText(s.description.empty() ? tr("(no description)") : QString::fromStdString(s.description));
    goal_->setText(s.learningGoal.empty() ? tr("(no learning goal given)") : QString::fromStdString(s.learningGoal));
}

StatusOr<cluster::Scenario> ScenarioPicker::scenario() const {
    const int row = list_->currentRow();
    if (row < 0 || size_t(row) >= paths_.size()) return Status(StatusCode::FailedPrecondition, "no scenario picked");
    return readScenarioFile(paths_[size_t(row)]);
}

}  // namespace pilothouse::ui
