/**
 * ECharts as the reports use it, tree-shaken: the core, the bar, line and pie charts, the
 * grid, tooltip, legend and mark-line components and the canvas renderer — nothing else.
 * Only ReportChart.tsx imports this module, so ECharts is in the report chart's chunk alone
 * (never on a list route: tests/unit/route-size.test.ts, tests/unit/report-chunks.test.ts).
 */
import { init, use as register, type EChartsType } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

register([BarChart, LineChart, PieChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

export { init, type EChartsType };
