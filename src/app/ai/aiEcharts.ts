/**
 * ECharts as Ask-AI draws a series, tree-shaken (the core, bar and line charts, grid,
 * tooltip and legend, the canvas renderer). Only AiChart.tsx imports it, and AiChart is
 * loaded lazily: ECharts never reaches the list route.
 */
import { init, use as register } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

register([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
