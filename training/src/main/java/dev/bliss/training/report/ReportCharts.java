package dev.bliss.training.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The report's two pictures, drawn with JFreeChart without a display ({@code java.awt.headless}).
 */
public final class ReportCharts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;
    /** Scores are grouped in bins this wide, so small populations still show a shape. */
    static final int SCORE_BIN = 3;

    private ReportCharts() {
    }

    /**
     * Share of each population's requests per score bin (1–3, 4–6, …, 97–99), one line per
     * population, with the thresholds 10, 30 and 50 marked.
     *
     * @param counts per population, requests per score 1..99 (index = score)
     */
    public static void scoreHistogram(Path png, String title, List<String> populations, long[][] counts)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYSeriesCollection data = new XYSeriesCollection();
        for (int p = 0; p < populations.size(); p++) {
            long total = 0;
            for (long c : counts[p]) {
                total += c;
            }
            XYSeries series = new XYSeries(populations.get(p) + " (" + total + ")");
            for (int low = 1; low <= 99; low += SCORE_BIN) {
                long inBin = 0;
                for (int s = low; s < low + SCORE_BIN && s <= 99; s++) {
                    inBin += counts[p][s];
                }
                series.add(low + (SCORE_BIN - 1) / 2.0, total == 0 ? 0 : 100.0 * inBin / total);
            }
            data.addSeries(series);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(title, "bot score (low = automated)",
                "% of the population's requests", data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.getDomainAxis().setRange(0, 100);
        for (int t : new int[] {10, 30, 50}) {
            ValueMarker marker = new ValueMarker(t, Color.GRAY, new BasicStroke(1f, BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_MITER, 1f, new float[] {4f, 4f}, 0f));
            marker.setLabel("score " + t);
            plot.addDomainMarker(marker);
        }
        for (int i = 0; i < populations.size(); i++) {
            plot.getRenderer().setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, WIDTH, HEIGHT);
    }

    /** The ROC curve (x = false-positive rate, y = true-positive rate) and the diagonal of chance. */
    public static void roc(Path png, String title, double[][] curve, double auc) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYSeries series = new XYSeries(String.format(java.util.Locale.ROOT, "model (AUC %.4f)", auc), false, true);
        double[] fpr = curve[0];
        double[] tpr = curve[1];
        // Tens of thousands of points draw as one line; keep one per 1/2000 of either axis.
        double lastX = -1;
        double lastY = -1;
        for (int i = 0; i < fpr.length; i++) {
            if (i == fpr.length - 1 || Math.abs(fpr[i] - lastX) >= 5e-4 || Math.abs(tpr[i] - lastY) >= 5e-4) {
                series.add(fpr[i], tpr[i]);
                lastX = fpr[i];
                lastY = tpr[i];
            }
        }
        XYSeries chance = new XYSeries("chance");
        chance.add(0, 0);
        chance.add(1, 1);
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(series);
        data.addSeries(chance);
        JFreeChart chart = ChartFactory.createXYLineChart(title, "false-positive rate (humans flagged)",
                "true-positive rate (automated flagged)", data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.getDomainAxis().setRange(0, 1);
        plot.getRangeAxis().setRange(0, 1.01);
        plot.getRenderer().setSeriesStroke(0, new BasicStroke(2f));
        plot.getRenderer().setSeriesPaint(1, Color.GRAY);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, WIDTH, HEIGHT);
    }
}
