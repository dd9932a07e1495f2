// Requests and allocatable amounts as the cluster view writes them, in Kubernetes' units: cpu in
// cores ("4", "1.5") or millicores below one core ("500m"), memory in binary units ("16Gi",
// "4.5Gi", "256Mi").
#pragma once

#include <QString>

namespace pilothouse::ui::clusterview {

QString cpuText(qint64 milli);
QString memoryText(qint64 bytes);
// "38%" (no decimals; "<1%" for a little above zero).
QString percentText(double ratio);

}  // namespace pilothouse::ui::clusterview
