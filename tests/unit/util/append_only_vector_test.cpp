// AppendOnlyVector: indexes map onto chunks without gaps or overlaps, elements stay where they
// were written, and readers see every element below size() while the writer appends.
#include <QTest>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "util/append_only_vector.h"

using pilothouse::util::AppendOnlyVector;

class AppendOnlyVectorTest : public QObject {
    Q_OBJECT

private slots:
    // Sizes around the chunk boundaries (64, 192, 448, ...) read back what was written.
    void readsBackAcrossChunks_data() {
        QTest::addColumn<int>("count");
        for (int count : {0, 1, 63, 64, 65, 191, 192, 193, 448, 5000, 100000})
            QTest::addRow("%d", count) << count;
    }
    void readsBackAcrossChunks() {
        QFETCH(int, count);
        AppendOnlyVector<std::string> v;
        QVERIFY(v.empty());
        for (int i = 0; i < count; ++i) v.push_back(std::to_string(i));
        QCOMPARE(v.size(), size_t(count));
        for (int i = 0; i < count; ++i) QCOMPARE(v[size_t(i)], std::to_string(i));
    }

    // An element's address does not change as the vector grows.
    void elementsDoNotMove() {
        AppendOnlyVector<int> v;
        v.push_back(7);
        const int* first = &v[0];
        for (int i = 0; i < 10000; ++i) v.push_back(i);
        QCOMPARE(&v[0], first);
        QCOMPARE(*first, 7);
    }

    // One writer, several readers: whatever size a reader sees, every element below it is there.
    void readersRunWithTheWriter() {
        constexpr int kCount = 200000;
        AppendOnlyVector<std::shared_ptr<const int>> v;
        std::vector<std::thread> readers;
        std::vector<int> errors(3, 0);
        for (size_t r = 0; r < errors.size(); ++r) {
            readers.emplace_back([&, r] {
                size_t checked = 0;
                while (checked < size_t(kCount)) {
                    const size_t size = v.size();
                    for (; checked < size; ++checked) {
                        const auto& element = v[checked];
                        if (!element || *element != int(checked))
                            ++errors[r];
                    }
                    std::this_thread::yield();
                }
            });
        }
        for (int i = 0; i < kCount; ++i) v.push_back(std::make_shared<const int>(i));
        for (std::thread& t : readers) t.join();
        for (int e : errors) QCOMPARE(e, 0);
    }
};

QTEST_APPLESS_MAIN(AppendOnlyVectorTest)
#include "append_only_vector_test.moc"
